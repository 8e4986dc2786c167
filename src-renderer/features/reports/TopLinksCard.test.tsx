// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TopLinksCard } from './TopLinksCard';
import { renderCard } from './test-support';

afterEach(cleanup);

const rows = () =>
  within(screen.getByRole('table', { name: 'Top clicked links' }))
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the top clicked links card', () => {
  it('lists url, unique and total clicks, most readers first, without links nobody followed', () => {
    renderCard(
      <TopLinksCard
        topLinks={{
          legacy: false,
          items: [
            { url: 'https://example.com/story', uniques: 12, total: 20 },
            { url: 'https://example.com/tides', uniques: 3, total: 3 },
            { url: 'https://example.com/unread', uniques: 0, total: 0 },
          ],
        }}
      />,
    );
    expect(rows()).toEqual([
      ['Link', 'Unique clicks', 'Total clicks'],
      ['example.com/story', '12', '20'],
      ['example.com/tides', '3', '3'],
    ]);
    // Links open outside the app (the system browser in Electron).
    expect(screen.getByRole('link', { name: 'example.com/story' }).getAttribute('target')).toBe('_blank');
  });

  it('shortens a long address to its host and page, the whole address on hover', async () => {
    const long = 'https://www.example.com/news/2026/11/27/harbour/the-new-pier-opens-on-saturday?utm_source=newsletter&utm_medium=email';
    renderCard(<TopLinksCard topLinks={{ legacy: false, items: [{ url: long, uniques: 1, total: 1 }] }} />);
    const anchor = screen.getByRole('link', { name: 'example.com/…/the-new-pier-opens-on-saturday' });
    expect(anchor.getAttribute('href')).toBe(long);
    await userEvent.hover(anchor);
    expect((await screen.findByRole('tooltip')).textContent).toBe(long);
  });

  it('shows url and clicks for a letter in the legacy shape', () => {
    renderCard(<TopLinksCard topLinks={{ legacy: true, items: [{ url: 'https://example.com/old', clicks: 7 }] }} />);
    expect(rows()).toEqual([
      ['Link', 'Clicks'],
      ['example.com/old', '7'],
    ]);
  });

  it('says when nobody clicked, and shows the empty state when the clicks could not be loaded', () => {
    renderCard(<TopLinksCard topLinks={{ legacy: false, items: [] }} />);
    expect(screen.getByText('No one has followed a link yet.')).toBeTruthy();
    cleanup();
    renderCard(<TopLinksCard topLinks={null} />);
    expect(screen.getByRole('status').textContent).toContain('No links to show');
  });
});

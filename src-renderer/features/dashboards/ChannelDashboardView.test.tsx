// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelDashboard } from '../../../shared/contract/bridge-reports';
import { ChannelDashboardView } from './ChannelDashboardView';

afterEach(cleanup);

const DASHBOARD: ChannelDashboard = {
  letters: [
    {
      id: 7,
      uniqueId: 'u7',
      title: 'Harbour news',
      publicationDate: '2026-11-20 09:00:00',
      publicationStatus: 1,
      esp: 0,
      metrics: { sent: 200, accepted: 196, bounced: 4, delivered: 195, opensUnique: 90, opensUniqueConfirmed: 61, clicksUnique: 23, unsubscribed: 2 },
    },
    { id: 8, uniqueId: 'u8', title: 'Tides', publicationDate: '2026-11-23 09:00:00', publicationStatus: 12, esp: 0, metrics: null },
  ],
  fetchedAt: '2026-11-24T12:00:00.000Z',
  offline: true,
};

function renderView(dashboard: ChannelDashboard | null, onPeriodChange = vi.fn()) {
  render(
    <MantineProvider env="test">
      <MemoryRouter>
        <ChannelDashboardView brandSlug="demo" channelSlug="weekly" channelTitle="The Weekly" zone="America/New_York" period={30} onPeriodChange={onPeriodChange} dashboard={dashboard} />
      </MemoryRouter>
    </MantineProvider>,
  );
  return onPeriodChange;
}

describe('the channel dashboard', () => {
  it('offers the periods 365, 180, 90, 30 and 7 days, 30 chosen', () => {
    const onPeriodChange = renderView(DASHBOARD);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((radio) => [radio.value, radio.checked])).toEqual([
      ['365', false],
      ['180', false],
      ['90', false],
      ['30', true],
      ['7', false],
    ]);
    expect((screen.getByRole('radio', { name: '30 days' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByText('7 days'));
    expect(onPeriodChange).toHaveBeenCalledWith(7);
  });

  it('lists each letter sent with sent, delivered, open rate and click rate, linking to its report', () => {
    renderView(DASHBOARD);
    const rows = [...screen.getByRole('table', { name: 'Letters sent' }).querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      ['Harbour news', 'Nov 20, 2026 at 9:00 am EST', '200', '195', '31.1%', '11.5%'],
      ['Tides', 'Nov 23, 2026 at 9:00 am EST', '—', '—', '—', '—'],
    ]);
    expect(screen.getByRole('link', { name: 'Harbour news' }).getAttribute('href')).toBe('/organizations/demo/channels/weekly/newsletters/7');
    expect(screen.getByRole('figure', { name: 'Open rate per letter' }).textContent).toContain('31.1%');
    expect(screen.getByText(/^Offline — showing the report from Nov 24, 2026/)).toBeTruthy();
  });

  it('shows the empty state when nothing was sent in the period', () => {
    renderView({ letters: [], fetchedAt: null, offline: false });
    expect(screen.getByRole('status').textContent).toContain('No letters sent in this period');
  });
});

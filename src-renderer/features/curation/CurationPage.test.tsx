// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Aggregate } from '../../../shared/contract/platform-curation';
import { AGGREGATES_FETCH_FAILED_MESSAGE, NO_AGGREGATES_MESSAGE } from '../../../shared/contract/platform-curation';
import { createAppStore } from '../../app/store';
import { CurationPage, HEART_KEPT_LOCALLY } from './CurationPage';

// The curation screen with the core standing in at window.bridge: the heart flips at once,
// before the core answers, and says when the core kept it for later (offline).

const pier: Aggregate = {
  id: 7,
  curated: false,
  title: 'New pier opens',
  author: 'Bo Quay',
  excerpt: 'The pier opened.',
  image: '',
  originalUrl: 'https://harbour.example/pier',
  publicationDate: '2026-03-03T10:00:00.000Z',
  siteName: 'Harbour News',
  content: '',
  feedId: 1,
  tags: [],
  categories: [],
};
let list: 'one' | 'none' | 'fails' = 'one';
let feedCount = 0;
let listAsked = 0;
let releaseHeart: (() => void) | null = null;
const hearts: unknown[] = [];

beforeAll(() => {
  window.bridge = {
    async invoke(channel, input) {
      if (channel === 'curation.aggregates') {
        listAsked++;
        if (list === 'fails') return { ok: false, error: { code: 'platform_error', message: 'boom' } };
        const items = list === 'one' ? [pier] : [];
        return { ok: true, data: { items, total: items.length, pendingCurated: 0 } } as never;
      }
      if (channel === 'curation.setCurated') {
        hearts.push(input);
        await new Promise<void>((resolve) => (releaseHeart = resolve));
        return { ok: true, data: { id: 7, curated: true, saved: false } } as never;
      }
      if (channel === 'curation.feeds') {
        const items = Array.from({ length: feedCount }, (_, i) => ({ id: i + 1, url: `https://harbour.example/feed-${i + 1}.xml`, uniqueId: `feed-${i + 1}`, title: `Harbour feed ${i + 1}`, lastFetchedAt: null, lastError: null }));
        return { ok: true, data: { items } } as never;
      }
      if (channel === 'curation.tags' || channel === 'curation.categories') return { ok: true, data: { items: [], total: 0 } } as never;
      if (channel === 'curation.siteNames') return { ok: true, data: { items: ['Harbour News'] } } as never;
      if (channel === 'app.session') return { ok: true, data: { mode: 'embedded', platformUrl: '', signedIn: true, user: null, organizations: [] } } as never;
      return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    },
    on: () => () => {},
  } satisfies Bridge;
});
afterAll(() => {
  delete (window as { bridge?: Bridge }).bridge;
});
beforeEach(() => {
  list = 'one';
  feedCount = 0;
  listAsked = 0;
});
afterEach(cleanup);

function renderPage() {
  const router = createMemoryRouter([{ path: '/organizations/:brandSlug/channels/:channelSlug/curation', element: <CurationPage /> }], {
    initialEntries: ['/organizations/demo/channels/weekly/curation'],
  });
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
}

describe('the curation screen', () => {
  it('flips the heart at once, and says when the core keeps it until the platform answers', async () => {
    renderPage();
    const heart = await screen.findByRole('button', { name: 'Curate New pier opens' });
    expect(screen.getByText('By Bo Quay · Harbour News · Mar 03, 2026')).toBeTruthy();
    await userEvent.click(heart);
    // Before the core has answered.
    expect(screen.getByRole('button', { name: 'Uncurate New pier opens' }).getAttribute('aria-pressed')).toBe('true');
    expect(hearts).toEqual([{ brandSlug: 'demo', channelSlug: 'weekly', id: 7, curated: true }]);
    releaseHeart?.();
    expect(await screen.findByText(HEART_KEPT_LOCALLY)).toBeTruthy();
    // Each button's name starts with the words it shows (axe: label-content-name-mismatch).
    for (const name of ['Insert into letter: New pier opens', 'Tags: New pier opens']) {
      const button = screen.getByRole('button', { name });
      expect(name.startsWith(button.textContent!.trim()), `${name} / ${button.textContent}`).toBe(true);
    }
  });

  it("shows the spec's messages when nothing matches a search and when the list cannot be fetched", async () => {
    list = 'none';
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Curated only' }));
    expect(await screen.findByText(NO_AGGREGATES_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'No articles yet' })).toBeNull();
    cleanup();
    list = 'fails';
    renderPage();
    await waitFor(() => expect(screen.getByText(AGGREGATES_FETCH_FAILED_MESSAGE)).toBeTruthy());
  });
});

describe('the curation screen with no articles yet (issue 37)', () => {
  it('says what curation is for and brings the editor to the feed address as its first action', async () => {
    list = 'none';
    renderPage();
    const empty = await screen.findByRole('region', { name: 'No articles yet' });
    expect(empty.textContent).toContain('Curation gathers the articles of the sites you follow');
    expect(screen.queryByText(NO_AGGREGATES_MESSAGE)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add your first feed' }));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Feed URL' }));
  });

  it('with feeds, says when their articles come and checks again on request', async () => {
    list = 'none';
    feedCount = 1;
    renderPage();
    const empty = await screen.findByRole('region', { name: 'No articles yet' });
    await waitFor(() => expect(empty.textContent).toContain('The platform reads your feeds every 15 minutes'));
    const asked = listAsked;
    await userEvent.click(screen.getByRole('button', { name: 'Check for new articles' }));
    await waitFor(() => expect(listAsked).toBe(asked + 1));
    expect(screen.queryByRole('button', { name: 'Add your first feed' })).toBeNull();
  });
});

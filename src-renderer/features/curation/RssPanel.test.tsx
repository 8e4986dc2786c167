// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import { INVALID_FEED_URL_MESSAGE } from '../../../shared/contract/platform-curation';
import { newSection } from '../../../shared/model';
import { renderPanel, retype } from '../../testing/panel-test-support';

// The legacy RSS block's panel with the core standing in at window.bridge: the platform's
// rss/validate answers a feed for one address and 'This url is invalid.' for any other.

const FEED = 'https://feed.example/rss.xml';
beforeAll(() => {
  window.bridge = {
    async invoke(channel, input) {
      if (channel !== 'curation.validateFeed') return { ok: false, error: { code: 'offline', message: 'offline' } };
      if ((input as { url: string }).url !== FEED) return { ok: false, error: { code: 'invalid_input', message: INVALID_FEED_URL_MESSAGE } };
      const items = [1, 2].map((n) => ({ title: `Item ${n}`, link: `https://feed.example/${n}`, excerpt: `About ${n}`, content: `About ${n}`, image: n === 1 ? 'https://feed.example/1.jpg' : '' }));
      return { ok: true, data: { success: true, title: 'Feed', format: 'rss', items } } as never;
    },
    on: () => () => {},
  } satisfies Bridge;
});
afterAll(() => {
  delete (window as { bridge?: Bridge }).bridge;
});
afterEach(cleanup);

describe('RssPanel', () => {
  it("clears an address that is not a feed with 'This url is invalid.', and loads a feed's items as the block's text", async () => {
    const { current, user } = renderPanel(newSection('rss', 'r'), {}, true);
    await retype('RSS feed URL', 'https://feed.example/page.html');
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.getByText(INVALID_FEED_URL_MESSAGE)).toBeTruthy());
    expect((screen.getByLabelText('RSS feed URL') as HTMLInputElement).value).toBe('');

    await retype('RSS feed URL', ` ${FEED} `);
    await user.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(current().blockModel.link).toBe(FEED));
    // Count 1 by default: the first item only.
    expect(current().delta.ops.map((op) => op.insert)).toEqual(['Item 1', '\n', 'About 1\n']);
    // Its picture is kept beside the rich text for the renderer.
    expect(current().blockModel.images).toEqual([{ link: 'https://feed.example/1', image: 'https://feed.example/1.jpg' }]);
  });

  it('clamps the item count to 1–10', async () => {
    const { current } = renderPanel(newSection('rss', 'r'), {}, true);
    await retype('Item count', '12');
    expect(current().blockModel.count).toBe(10);
  });
});

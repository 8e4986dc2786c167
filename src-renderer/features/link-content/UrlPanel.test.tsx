// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge } from '../../../shared/contract/bridge';
import type { Result } from '../../../shared/contract/errors';
import { newSection } from '../../../shared/model';
import type { UrlPreview } from '../../../shared/model/blocks/feeds';
import { SOURCE_URL_INVALID_MESSAGE, URL_LOAD_OFFLINE_MESSAGE, URL_UPDATE_FAILED_MESSAGE } from '../../../shared/rules/link-preview';
import { renderPanel, retype } from '../../testing/panel-test-support';

// The URL block's panel over the bridge: the stand-in for the core answers the crawl.

const PREVIEW: UrlPreview = {
  id: null,
  authorName: null,
  pageDescription: 'How the sea shapes the coast.',
  pageImage: 'https://img.example/tide.png',
  pageTitle: 'Tides of the North',
  pageUrl: 'https://coast.example/story',
  pageKeywords: null,
  providerName: null,
  publishedTime: null,
  siteName: 'Coast Journal',
};

let asked: string[] = [];
let answer: () => Result<unknown>;

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    if (channel !== 'linkContent.crawl') return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
    asked.push((input as { url: string }).url);
    return answer() as never;
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  asked = [];
  answer = () => ({ ok: true, data: PREVIEW });
});
afterEach(cleanup);

describe('UrlPanel', () => {
  it("refuses a bad URL with 'This url is invalid.' and asks nothing", async () => {
    const { current } = renderPanel(newSection('url', 'u'), {}, true);
    await retype('Source URL', 'not a url');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(screen.getByText(SOURCE_URL_INVALID_MESSAGE)).toBeTruthy();
    expect(asked).toEqual([]);
    expect(current().blockModel).toEqual({ url: '', preview: null });
  });

  it('loads the preview into the block: image above text, preview kept', async () => {
    const { current } = renderPanel(newSection('url', 'u'), {}, true);
    await retype('Source URL', ' coast.example/story ');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(current().blocks).toHaveLength(2));
    expect(asked).toEqual(['https://coast.example/story']);
    expect(current().blockModel).toEqual({ url: 'coast.example/story', preview: PREVIEW });
    expect(current().layoutType).toBe(5);
    expect(screen.getByText('Loaded: Tides of the North')).toBeTruthy();
  });

  it('says that Load needs a connection offline, and changes nothing', async () => {
    answer = () => ({ ok: false, error: { code: 'offline', message: URL_LOAD_OFFLINE_MESSAGE } });
    const { current } = renderPanel(newSection('dynamic', 'd'), {}, true);
    await retype('Source URL', 'https://coast.example/story');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText(URL_LOAD_OFFLINE_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(URL_UPDATE_FAILED_MESSAGE + URL_LOAD_OFFLINE_MESSAGE);
    expect(current().blocks).toEqual([]);
  });

  it("says 'Sorry, we failed to update the URL section.' with the platform's reason, and changes nothing", async () => {
    answer = () => ({ ok: false, error: { code: 'platform_error', message: 'coast.example answered 404.' } });
    const { current } = renderPanel(newSection('url', 'u'), {}, true);
    await retype('Source URL', 'https://coast.example/story');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Sorry, we failed to update the URL section.coast.example answered 404.');
    expect(current().blockModel).toEqual({ url: '', preview: null });
  });

  it('rebuilds a dynamic block from the page, keeping only its URL', async () => {
    const { current } = renderPanel(newSection('dynamic', 'd'), {}, true);
    await retype('Source URL', 'https://coast.example/story');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText('Loaded: Tides of the North')).toBeTruthy();
    expect(current().blockModel).toEqual({ url: 'https://coast.example/story' });
    expect(current().blocks.map((block) => block.type)).toEqual(['image', 'paragraph']);
  });

  it('gives a preview in two columns (audio, 20/80) the layout width slider, clamped to 20–80', async () => {
    answer = () => ({ ok: true, data: { ...PREVIEW, providerName: 'Spotify' } });
    const { current } = renderPanel(newSection('dynamic', 'd'), {}, true);
    expect(screen.queryByRole('slider', { name: 'Left column width' })).toBeNull();
    await retype('Source URL', 'https://open.spotify.example/episode/1');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(current().blocks).toHaveLength(2));
    const widths = () => current().blocks.map((block) => `${block.type}:${block.columnWidth}`);
    expect(widths()).toEqual(['image:20', 'paragraph:80']);
    const slider = screen.getByRole('slider', { name: 'Left column width' });
    expect([slider.getAttribute('aria-valuemin'), slider.getAttribute('aria-valuemax')]).toEqual(['1', '100']);
    slider.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(widths()).toEqual(['image:22', 'paragraph:78']);
    await userEvent.keyboard('{Home}');
    expect(widths()).toEqual(['image:20', 'paragraph:80']);
    await userEvent.keyboard('{End}');
    expect(widths()).toEqual(['image:80', 'paragraph:20']);
  });

  it('has no width slider for a preview with the image above the text', async () => {
    const { current } = renderPanel(newSection('url', 'u'), {}, true);
    await retype('Source URL', 'https://coast.example/story');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(current().layoutType).toBe(5));
    expect(screen.queryByRole('slider', { name: 'Left column width' })).toBeNull();
  });
});

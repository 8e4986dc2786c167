import { describe, expect, it } from 'vitest';
import type { UrlPreview } from '../model/blocks/feeds';
import { newSection } from '../model/section-factory';
import { applyPreview, checkSourceUrl, previewDelta, providerForUrl, providerKind, READ_MORE_LABEL, SOURCE_URL_INVALID_MESSAGE } from './link-preview';

const preview = (overrides: Partial<UrlPreview> = {}): UrlPreview => ({
  id: null,
  authorName: 'Mara Flint',
  pageDescription: 'How the sea shapes the coast.',
  pageImage: 'https://img.example/tide.png',
  pageTitle: 'Tides of the North',
  pageUrl: 'https://coast.example/story',
  pageKeywords: 'sea, coast',
  providerName: null,
  publishedTime: '2026-03-04T10:00:00Z',
  siteName: 'Coast Journal',
  ...overrides,
});

const lines = (p: UrlPreview) => previewDelta(p).ops.filter((op) => op.insert !== '\n').map((op) => op.insert);

describe('checkSourceUrl', () => {
  it('accepts web addresses with or without a scheme, trimmed, and empty', () => {
    expect(checkSourceUrl('  https://example.com/a?b=1 ')).toEqual({ ok: true, value: 'https://example.com/a?b=1' });
    expect(checkSourceUrl('example.co.uk/path')).toEqual({ ok: true, value: 'example.co.uk/path' });
    expect(checkSourceUrl('http://127.0.0.1:8080/x')).toEqual({ ok: true, value: 'http://127.0.0.1:8080/x' });
    expect(checkSourceUrl('')).toEqual({ ok: true, value: '' });
  });

  it("refuses anything else with 'This url is invalid.'", () => {
    for (const bad of ['not a url', 'ftp://example.com', 'https://', 'example', 'javascript:alert(1)']) {
      expect(checkSourceUrl(bad)).toEqual({ ok: false, message: SOURCE_URL_INVALID_MESSAGE });
    }
  });
});

describe('providers', () => {
  it('knows the spec providers by host and sorts them into audio, social and content', () => {
    expect(providerForUrl('https://open.spotify.com/episode/1')).toBe('Spotify');
    expect(providerForUrl('https://www.tiktok.com/@a/video/1')).toBe('TikTok');
    expect(providerForUrl('https://x.com/a/status/1')).toBe('Twitter');
    expect(providerForUrl('https://coast.example/story')).toBeNull();
    expect(providerKind('SoundCloud')).toBe('audio');
    expect(providerKind('Pinterest')).toBe('social');
    expect(providerKind('Medium')).toBe('content');
  });
});

describe('previewDelta', () => {
  it('is a bold title, the description and a Read more link for content pages', () => {
    const delta = previewDelta(preview());
    expect(lines(preview())).toEqual(['Tides of the North', 'How the sea shapes the coast.', READ_MORE_LABEL]);
    expect(delta.ops[0]).toEqual({ insert: 'Tides of the North', attributes: { bold: true } });
    expect(delta.ops.at(-2)).toEqual({ insert: READ_MORE_LABEL, attributes: { link: 'https://coast.example/story' } });
  });

  it('puts the author first for Pinterest and TikTok, the title only for audio, keywords and time for Twitter', () => {
    expect(lines(preview({ providerName: 'TikTok' }))[0]).toBe('Mara Flint');
    expect(lines(preview({ providerName: 'Spotify' }))).toEqual(['Tides of the North', READ_MORE_LABEL]);
    expect(lines(preview({ providerName: 'Twitter' }))).toEqual(['Tides of the North', 'How the sea shapes the coast.', 'sea, coast', 'Mar 04, 2026', READ_MORE_LABEL]);
  });
});

describe('applyPreview', () => {
  it('builds image above text for a page with an image, keeping the preview', () => {
    const section = applyPreview(newSection('url', 'u1'), preview(), 'coast.example/story');
    expect(section.layoutType).toBe(5);
    expect(section.blocks.map((block) => [block.type, block.columnWidth])).toEqual([['image', 100], ['paragraph', 100]]);
    expect(section.blocks[0]!.type === 'image' && section.blocks[0]!.blockModel.src).toBe('https://img.example/tide.png');
    expect(section.blockModel).toEqual({ url: 'coast.example/story', preview: preview() });
  });

  it('uses 20/80 columns for audio embeds and text only without an image', () => {
    const audio = applyPreview(newSection('url', 'u2'), preview({ providerName: 'SoundCloud' }), 'x.example');
    expect(audio.layoutType).toBe(1);
    expect(audio.blocks.map((block) => block.columnWidth)).toEqual([20, 80]);
    const bare = applyPreview(newSection('dynamic', 'd1'), preview({ pageImage: null }), 'x.example');
    expect(bare.layoutType).toBe(6);
    expect(bare.blocks.map((block) => block.type)).toEqual(['paragraph']);
    expect(bare.blockModel).toEqual({ url: 'x.example' });
  });
});

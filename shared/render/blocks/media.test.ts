import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { newSection } from '../../model';
import { TEST_PLATFORM_URL, renderParsed, styleOf } from '../test-support';
import { youtubeVideoId } from '../../rules/youtube';
import { LOGO_PLACEHOLDER } from './media';

function image(changes: Partial<ReturnType<typeof newSection<'image'>>['blockModel']>) {
  const section = newSection('image', 'img');
  section.blockModel = { ...section.blockModel, src: 'https://cdn.example/a.png', ...changes };
  return section;
}

describe('image', () => {
  it('renders source, alt, link, width, alignment and radius', async () => {
    const section = image({ alt: 'A "cat"', link: 'https://example.com/cat', width: 240, align: 'right', borderRadius: 8 });
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const img = $('img[src="https://cdn.example/a.png"]');
    expect(img.attr('alt')).toBe('A "cat"');
    expect(img.attr('width')).toBe('240');
    expect(styleOf(img.attr('style'))['border-radius']).toBe('8px');
    expect(img.parent('a').attr('href')).toBe('https://example.com/cat');
    expect(img.closest('td[align]').attr('align')).toBe('right');
  });

  it('takes the letter image width when the block has none', async () => {
    const section = image({ width: undefined });
    const { $ } = await renderParsed([section], {});
    expect($('img').attr('width')).toBe('300');
  });

  it('fills the column at full width, and keeps its own size with the original width', async () => {
    const full = await renderParsed([image({ align: 'full width' })]);
    // 640 wide letter − 25 + 25 section padding − 4 + 4 block padding.
    expect(full.$('img').attr('width')).toBe('582');
    const original = await renderParsed([image({ hasOriginalImageWidth: true, width: 120 })]);
    const img = original.$('img');
    expect(img.attr('width')).toBeUndefined();
    expect(styleOf(img.attr('style'))['max-width']).toBe('100%');
  });

  it('refuses unsafe links and renders nothing without a source', async () => {
    const { $ } = await renderParsed([image({ link: 'javascript:alert(1)' })]);
    expect($('a[href^="javascript"]')).toHaveLength(0);
    const empty = await renderParsed([image({ src: '' })]);
    expect(empty.$('img')).toHaveLength(0);
  });
});

describe('logo', () => {
  it('falls back to the channel logo, alt and page', async () => {
    const section = newSection('logo', 'logo');
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const img = $('img[src="https://cdn.example/logo.png"]');
    expect(img.attr('alt')).toBe('logo for Morning Brief');
    expect(img.parent('a').attr('href')).toBe(`${TEST_PLATFORM_URL}/morning-brief`);
  });

  it('shows the placeholder in company-level letters', async () => {
    const { $ } = await renderParsed([newSection('logo', 'logo')], { context: { isCompanyLevel: true } });
    expect($('body').text()).toContain(LOGO_PLACEHOLDER);
    expect($('img')).toHaveLength(0);
  });
});

describe('youtube', () => {
  const link = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

  it('finds the video id in the usual link shapes', () => {
    expect(youtubeVideoId(link)).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ?t=3')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://example.com')).toBeNull();
  });

  it('links the thumbnail with a play button to the video', async () => {
    const section = newSection('youtube', 'yt');
    section.blockModel = { ...section.blockModel, link, alt: 'Our video', width: 400 };
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const anchor = $(`a[href="${link}"]`);
    const box = anchor.find('table[role="img"]');
    expect(box.attr('aria-label')).toBe('Our video');
    // The shorthand, which Gmail's apps and mobile web keep; no background attribute or background-size.
    const style = styleOf(box.attr('style'));
    expect(style.background).toBe("#000000 url('https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg') center / cover no-repeat");
    expect(style['background-size']).toBeUndefined();
    expect(box.attr('background')).toBeUndefined();
    expect(box.find('td').attr('height')).toBe('225');
    expect(box.find('span').text()).toBe('▶');
  });

  it('gives Outlook for Windows a VML picture of the thumbnail with the play button, linked, instead of the CSS background', async () => {
    const section = newSection('youtube', 'yt');
    section.blockModel = { ...section.blockModel, link, alt: 'Our video', width: 400 };
    const { html } = await renderParsed([section]);
    const outlook = /<!--\[if mso\]>(<v:rect[\s\S]*?)<!\[endif\]-->/.exec(html)?.[1] ?? '';
    const vml = load(outlook, { xml: true });
    const rect = vml('v\\:rect');
    expect(rect.attr('href')).toBe(link);
    expect(rect.attr('style')).toBe('width:400px;height:225px;');
    expect(vml('v\\:fill').attr('src')).toBe('https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    expect(vml('v\\:fill').attr('type')).toBe('frame');
    expect(vml('td[bgcolor="#FF0000"]').text()).toBe('▶');
    // Outlook skips the other clients' version, which sits in a not-mso conditional.
    expect(html).toMatch(/<!--\[if !mso\]><!-->\s*<a href="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ"/);
  });

  it('is a plain linked image without the play icon', async () => {
    const section = newSection('youtube', 'yt');
    section.blockModel = { ...section.blockModel, link, alt: 'Video', hasPlayIcon: false, src: 'https://cdn.example/thumb.jpg' };
    const { $ } = await renderParsed([section]);
    const img = $('img[src="https://cdn.example/thumb.jpg"]');
    expect(img.attr('alt')).toBe('Video');
    expect(img.parent('a').attr('href')).toBe(link);
  });
});

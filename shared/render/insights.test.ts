import { describe, expect, it } from 'vitest';
import { newSection } from '../model';
import {
  EMAIL_WEIGHT_GOOD_MAX_KB,
  GMAIL_CLIP_KB,
  fleschReadingEase,
  isSecureLink,
  letterInsights,
  syllableCount,
  utf8ByteLength,
  visibleText,
} from './insights';
import { renderParsed } from './test-support';

const page = (body: string) => `<!doctype html><html><head><title>T</title><style>p{color:red}</style></head><body>${body}</body></html>`;

describe('insights', () => {
  it('counts the words a reader sees, not markup, styles, comments or the preheader', () => {
    const html = page(
      '<div style="display:none;font-size:1px">hidden preview words</div><!--[if mso]><p>outlook only</p><![endif]--><p>One two&nbsp;three.</p><p>Four <b>five</b></p>',
    );
    expect(visibleText(html)).not.toContain('hidden');
    expect(letterInsights(html).wordCount).toBe(5);
  });

  it('scores readability with Flesch reading ease and rounds reading time up', () => {
    expect(syllableCount('cat')).toBe(1);
    expect(syllableCount('reading')).toBe(2);
    expect(syllableCount('readability')).toBe(5);
    // 206.835 − 1.015 × 10 − 84.6 × 1.2 = 95.165
    expect(fleschReadingEase(20, 2, 24)).toBe(95.2);
    expect(fleschReadingEase(0, 0, 0)).toBeNull();
    const easy = letterInsights(page('<p>The cat sat on the mat. The dog ran.</p>'));
    expect(easy.readability.ease).toBeGreaterThan(90);
    expect(easy.readability.time).toBe(1);
    const long = letterInsights(page(`<p>${'word '.repeat(450)}</p>`));
    expect(long.readability.time).toBe(3);
    expect(letterInsights(page('')).readability).toEqual({ ease: null, time: null });
  });

  it('measures the size in KB and weighs it', () => {
    expect(utf8ByteLength('aé€😀')).toBe(1 + 2 + 3 + 4);
    const small = letterInsights(page('<p>hi</p>'));
    expect(small.weight).toBe('Good');
    expect(small.flags.gmailClipping).toBe(false);
    const heavy = letterInsights(page(`<p>${'x'.repeat((EMAIL_WEIGHT_GOOD_MAX_KB + 1) * 1024)}</p>`));
    expect(heavy.weight).toBe('Warning');
    expect(heavy.flags.gmailClipping).toBe(false);
    const clipped = letterInsights(page(`<p>${'x'.repeat((GMAIL_CLIP_KB + 1) * 1024)}</p>`));
    expect(clipped.flags.gmailClipping).toBe(true);
    expect(clipped.size).toBeGreaterThan(GMAIL_CLIP_KB);
    // At the boundary, on the whole page's bytes: the limit itself passes, one byte more is clipped.
    const frame = utf8ByteLength(page(''));
    const atLimit = letterInsights(page('x'.repeat(GMAIL_CLIP_KB * 1024 - frame)));
    expect(atLimit.flags.gmailClipping).toBe(false);
    expect(atLimit.size).toBe(GMAIL_CLIP_KB);
    const overByOne = letterInsights(page('é'.repeat(1) + 'x'.repeat(GMAIL_CLIP_KB * 1024 - frame - 1)));
    expect(overByOne.flags.gmailClipping).toBe(true);
    expect(overByOne.size).toBe(GMAIL_CLIP_KB + 0.1);
  });

  it('flags images without alt text, links that are not https and a missing unsubscribe link', () => {
    const html = page(
      '<img src="https://e/a.png" alt="A"><img src="https://e/b.png" alt=" "><img src="https://e/c.png">' +
        '<a href="http://e/insecure">x</a><a href="https://e/ok">y</a><a href="mailto:a@e">m</a><a href="{{unsubscribeUrl}}">Unsubscribe</a>',
    );
    const { flags } = letterInsights(html);
    expect(flags.imagesWithoutAlt).toEqual(['https://e/b.png', 'https://e/c.png']);
    expect(flags.insecureLinks).toEqual(['http://e/insecure']);
    expect(flags.missingUnsubscribe).toBe(false);
    expect(letterInsights(page('<a href="https://e">x</a>')).flags.missingUnsubscribe).toBe(true);
    expect(letterInsights(page('<a href="https://e/unsubscribe/x">Leave</a>')).flags.missingUnsubscribe).toBe(false);
    expect(isSecureLink('https://e')).toBe(true);
    expect(isSecureLink('ftp://e')).toBe(false);
    expect(isSecureLink('/relative')).toBe(false);
  });

  it('reads a rendered letter', async () => {
    const paragraph = { ...newSection('paragraph', 'p'), delta: { ops: [{ insert: 'Short news for you today.\n' }] } };
    const image = newSection('image', 'i');
    image.blockModel.src = 'https://cdn.example/i.png';
    const { insights } = await renderParsed([paragraph, image, newSection('footer', 'f')]);
    expect(insights.flags.imagesWithoutAlt).toEqual(['https://cdn.example/i.png']);
    expect(insights.flags.missingUnsubscribe).toBe(false);
    expect(insights.wordCount).toBeGreaterThanOrEqual(5);
    expect(insights.flags.insecureLinks).toEqual([]);
  });

  it("does not count the platform's own links as links the editor should make https", async () => {
    // The desktop's own platform answers on plain http: its unsubscribe, share page, logo
    // and credit links are http too, and the editor can change none of them.
    const platformUrl = 'http://127.0.0.1:4400';
    const logo = newSection('logo', 'l');
    const share = newSection('share', 's');
    const own = { ...newSection('paragraph', 'p'), delta: { ops: [{ insert: 'old', attributes: { link: 'http://e/editor-link' } }, { insert: '\n' }] } };
    const { insights, html } = await renderParsed([logo, own, share, newSection('footer', 'f')], { context: { platformUrl } });
    expect(html).toContain(`${platformUrl}/unsubscribe/`);
    expect(html).toContain(`href="${platformUrl}/morning-brief"`);
    expect(insights.flags.insecureLinks).toEqual(['http://e/editor-link']);
    // A link that starts with a merge tag is filled by the platform when it sends.
    expect(letterInsights(page('<a href="{{ promotion.zone1.callToActionUrl }}">Go</a>')).flags.insecureLinks).toEqual([]);
  });

  it('counts the text blocks left empty, inside layouts too, and older letters that hold only the placeholder', async () => {
    const written = { ...newSection('paragraph', 'p1'), delta: { ops: [{ insert: 'Written.\n' }] } };
    const legacy = { ...newSection('heading', 'h1'), delta: { ops: [{ insert: 'Start writing something great...\n' }] } };
    const layout = newSection('layout', 'l1');
    const { insights, html } = await renderParsed([written, newSection('paragraph', 'p2'), legacy, newSection('blockquote', 'q'), layout]);
    // The empty paragraph, the legacy heading, the blockquote and the layout's paragraph.
    expect(insights.flags.emptyTextBlocks).toBe(4);
    expect(html).not.toContain('Start writing something great');
    expect((await renderParsed([written])).insights.flags.emptyTextBlocks).toBe(0);
  });
});

describe('empty image slots', () => {
  it('names each image block without a picture, a layout column included, and none once it has one', async () => {
    const { newLayoutSection, newSection } = await import('../model');
    const layout = newLayoutSection('l');
    const image = newSection('image', 'i');
    const { insights } = await renderParsed([image, layout]);
    expect(insights.flags.emptyImageSlots).toEqual([
      { uniqueId: 'i', block: 'Image' },
      { uniqueId: 'l-0', block: 'Image in Layout' },
    ]);
    const pictured = { ...image, blockModel: { ...image.blockModel, src: 'https://cdn.example/a.png', alt: 'A' } };
    expect((await renderParsed([pictured])).insights.flags.emptyImageSlots).toEqual([]);
  });
});

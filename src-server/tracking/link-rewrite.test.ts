import { describe, expect, it } from 'vitest';
import { decodeAttribute, rewriteHrefs } from '../../shared/render/anchor-hrefs';
import { isTrackable, trackableLinks, trackedHtml, trackingTemplate } from './link-rewrite';

// Which hrefs of a rendered letter go through click tracking, and what one reader's copy looks like.

const PUBLIC = 'https://letters.example.com';
const TOKEN = 'abc123';

const html = [
  '<html><body>',
  '<a href="https://example.com/a?x=1&amp;y=2" target="_blank">A</a>',
  '<a target="_blank" title="a > b" href=\'https://example.com/b\'>B</a>',
  '<a data-href="https://example.com/data" href="https://example.com/c">C</a>',
  '<img src="https://example.com/image.png" alt="https://example.com/alt" />',
  '<p>Visit https://example.com/plain or <abbr title="x" href="https://example.com/abbr">this</abbr></p>',
  '<a href="https://example.com/?e={{ email }}">Merge</a>',
  '<a href="{{unsubscribeUrl}}">Iterable</a>',
  `<a href="${PUBLIC}/unsubscribe/weekly/{{uniqueId}}">Unsubscribe</a>`,
  `<a href="${PUBLIC}/unsubscribe/weekly/sub-1">Unsubscribe filled</a>`,
  `<a href="${PUBLIC}/opt-out/weekly/sub-1">Opt out</a>`,
  '<a href="mailto:editor@example.com">Mail</a>',
  '<a href="https://example.com/a?x=1&amp;y=2">A again</a>',
  `<a href="${PUBLIC}">Made with</a>`,
  '</body></html>',
].join('\n');

describe('trackable links', () => {
  it('are the http(s) hrefs of <a> tags, decoded, once each, in order of first appearance', () => {
    expect(trackableLinks(html, PUBLIC)).toEqual([
      'https://example.com/a?x=1&y=2',
      'https://example.com/b',
      'https://example.com/c',
      PUBLIC,
    ]);
  });

  it('leave out merge tags and the unsubscribe and opt-out pages', () => {
    expect(isTrackable('https://example.com/?e={{ email }}', PUBLIC)).toBe(false);
    expect(isTrackable(`${PUBLIC}/unsubscribe/weekly/x`, PUBLIC)).toBe(false);
    expect(isTrackable(`${PUBLIC}/opt-out/weekly/x`, PUBLIC)).toBe(false);
    expect(isTrackable(`${PUBLIC}/unsubscribed-news`, PUBLIC)).toBe(true);
    expect(isTrackable('mailto:a@example.com', PUBLIC)).toBe(false);
  });

  it('decodes the entities the renderer writes', () => {
    expect(decodeAttribute('a&amp;b&quot;c&#39;d&#x41;&lt;&bogus;')).toBe('a&b"c\'dA<&bogus;');
  });
});

describe("a reader's copy", () => {
  const positions = new Map([
    ['https://example.com/a?x=1&y=2', 1],
    ['https://example.com/b', 2],
    ['https://example.com/c', 3],
  ]);
  const copy = trackedHtml(trackingTemplate(html, PUBLIC, positions), TOKEN);

  it('sends each stored link through the platform, the same address to the same position', () => {
    expect(copy).toContain(`<a href="${PUBLIC}/t/c/${TOKEN}/1" target="_blank">A</a>`);
    expect(copy).toContain(`<a target="_blank" title="a > b" href='${PUBLIC}/t/c/${TOKEN}/2'>B</a>`);
    expect(copy).toContain(`<a data-href="https://example.com/data" href="${PUBLIC}/t/c/${TOKEN}/3">C</a>`);
    expect(copy).toContain(`<a href="${PUBLIC}/t/c/${TOKEN}/1">A again</a>`);
    expect(copy).not.toContain('https://example.com/a?');
  });

  it('leaves other attributes, text, merge-tag links, unsubscribe links and unstored links alone', () => {
    for (const kept of [
      '<img src="https://example.com/image.png" alt="https://example.com/alt" />',
      'Visit https://example.com/plain or <abbr title="x" href="https://example.com/abbr">this</abbr>',
      '<a href="https://example.com/?e={{ email }}">Merge</a>',
      '<a href="{{unsubscribeUrl}}">Iterable</a>',
      `<a href="${PUBLIC}/unsubscribe/weekly/{{uniqueId}}">Unsubscribe</a>`,
      `<a href="${PUBLIC}/opt-out/weekly/sub-1">Opt out</a>`,
      '<a href="mailto:editor@example.com">Mail</a>',
      // Not in the stored positions: direct.
      `<a href="${PUBLIC}">Made with</a>`,
    ]) {
      expect(copy).toContain(kept);
    }
  });

  it('ends with the open pixel just before </body>', () => {
    expect(copy).toContain(
      `<img src="${PUBLIC}/t/o/${TOKEN}.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" /></body></html>`,
    );
  });

  it('appends the pixel to HTML without a body', () => {
    expect(trackedHtml(trackingTemplate('<p>Hi</p>', PUBLIC, new Map()), TOKEN)).toBe(
      `<p>Hi</p><img src="${PUBLIC}/t/o/${TOKEN}.gif" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`,
    );
  });
});

describe('rewriting hrefs', () => {
  it('replaces the followed href of each <a>, escaped for either quote, and leaves the rest as written', () => {
    const input = `<a href="https://example.com/a?x=1&amp;y=2">A</a><a title='t' href='https://example.com/b'>B</a><img src="https://example.com/c"><a href="mailto:a@example.com">M</a>`;
    const out = rewriteHrefs(input, (url) => (url.startsWith('https://') ? `${url}${url.includes('?') ? '&' : '?'}who=O'Brien&lt=<` : null));
    expect(out).toBe(
      `<a href="https://example.com/a?x=1&amp;y=2&amp;who=O&#39;Brien&amp;lt=&lt;">A</a><a title='t' href='https://example.com/b?who=O&#39;Brien&amp;lt=&lt;'>B</a><img src="https://example.com/c"><a href="mailto:a@example.com">M</a>`,
    );
    expect(rewriteHrefs(input, () => null)).toBe(input);
  });
});

describe("the letter's own web archive page", () => {
  it('is not tracked (View in browser), while the channel page and other platform pages keep their rules', () => {
    const publicUrl = 'https://letters.example.com';
    expect(isTrackable(`${publicUrl}/weekly/6f1c2e3d-letter`, publicUrl)).toBe(false);
    expect(isTrackable(`${publicUrl}/weekly?brand=demo`, publicUrl)).toBe(true);
    expect(isTrackable(`${publicUrl}/media/picture.png`, publicUrl)).toBe(true);
    expect(isTrackable('https://example.com/weekly/story', publicUrl)).toBe(true);
  });
});

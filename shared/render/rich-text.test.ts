import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { Delta } from '../model';
import { defaultLetterSettings } from '../model';
import { renderContextOf } from './render-letter';
import { deltaHasText, deltaToHtml, deltaToInlineHtml } from './rich-text';
import { styleOf, testContext } from './test-support';
import type { RenderContext } from './types';

function ctxWith(change: (settings: ReturnType<typeof defaultLetterSettings>) => void = () => {}, channel = true): RenderContext {
  const settings = defaultLetterSettings();
  change(settings);
  return renderContextOf({ settings, context: testContext(channel ? {} : { channel: null }) });
}

const html = (delta: Delta, ctx = ctxWith()) => load(deltaToHtml(delta, ctx), null, false);

describe('deltaToHtml', () => {
  it('renders inline formats as elements around the escaped text', () => {
    const $ = html({
      ops: [
        { insert: 'plain ' },
        { insert: 'bold', attributes: { bold: true } },
        { insert: ' ' },
        { insert: 'italic', attributes: { italic: true } },
        { insert: ' ' },
        { insert: 'under', attributes: { underline: true } },
        { insert: ' ' },
        { insert: 'red', attributes: { color: '#ff0000' } },
        { insert: ' <script>x</script>\n' },
      ],
    });
    expect($('p')).toHaveLength(1);
    expect($('strong').text()).toBe('bold');
    expect($('em').text()).toBe('italic');
    expect($('u').text()).toBe('under');
    expect(styleOf($('span').attr('style')).color).toBe('#ff0000');
    expect($('script')).toHaveLength(0);
    expect($('p').text()).toContain('<script>x</script>');
  });

  it('styles links from the letter settings and keeps only web, mail and merge-tag links', () => {
    const ctx = ctxWith((s) => {
      s.links = { ...s.links, color: '#00aa00', weight: 'bold', style: 'italic', decoration: 'none' };
    });
    const $ = html(
      {
        ops: [
          { insert: 'web', attributes: { link: 'https://example.com/a?b=1&c=2' } },
          { insert: ' ' },
          { insert: 'mail', attributes: { link: 'mailto:me@example.com' } },
          { insert: ' ' },
          { insert: 'tag', attributes: { link: '{{unsubscribeUrl}}' } },
          { insert: ' ' },
          { insert: 'evil', attributes: { link: 'javascript:alert(1)' } },
          { insert: ' ' },
          { insert: 'file', attributes: { link: 'file:///etc/passwd' } },
          { insert: '\n' },
        ],
      },
      ctx,
    );
    const hrefs = $('a').map((_, a) => $(a).attr('href')).get();
    expect(hrefs).toEqual(['https://example.com/a?b=1&c=2', 'mailto:me@example.com', '{{unsubscribeUrl}}']);
    expect(styleOf($('a').first().attr('style'))).toMatchObject({
      color: '#00aa00',
      'font-weight': 'bold',
      'font-style': 'italic',
      'text-decoration': 'none',
    });
    expect($('p').text()).toContain('evil');
  });

  it('uses the channel accent or the text colour for links when the settings say so', () => {
    const accent = ctxWith((s) => (s.links.useChannelColor = { textColor: false, linkColor: true }));
    const link = { ops: [{ insert: 'x', attributes: { link: 'https://example.com' } }, { insert: '\n' }] };
    expect(styleOf(html(link, accent)('a').attr('style')).color).toBe('#1c7ed6');
    const text = ctxWith((s) => (s.links.useChannelColor = { textColor: true, linkColor: false }));
    const $ = load(deltaToHtml(link, text, { color: '#123456' }), null, false);
    expect(styleOf($('a').attr('style')).color).toBe('#123456');
  });

  it('joins consecutive segments of one link into one anchor', () => {
    const $ = html({
      ops: [
        { insert: 'one ', attributes: { link: 'https://example.com' } },
        { insert: 'two', attributes: { link: 'https://example.com', bold: true } },
        { insert: '\n' },
      ],
    });
    expect($('a')).toHaveLength(1);
    expect($('a').text()).toBe('one two');
  });

  it('groups list lines and honours alignment', () => {
    const $ = html({
      ops: [
        { insert: 'first' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'second' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'one' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'centred' },
        { insert: '\n', attributes: { align: 'center' } },
      ],
    });
    expect($('ul > li').map((_, li) => $(li).text()).get()).toEqual(['first', 'second']);
    expect($('ol > li').text()).toBe('one');
    expect(styleOf($('p').attr('style'))['text-align']).toBe('center');
  });

  it('renders header lines in the letter heading styles', () => {
    const ctx = ctxWith((s) => {
      s.text.h2 = { ...s.text.h2, fontSize: 30, color: '#334455', font: 'Georgia' };
    });
    const $ = html({ ops: [{ insert: 'Title' }, { insert: '\n', attributes: { header: 2 } }, { insert: 'Sub' }, { insert: '\n', attributes: { header: 3 } }] }, ctx);
    expect($('h2').text()).toBe('Title');
    expect(styleOf($('h2').attr('style'))).toMatchObject({ 'font-size': '30px', color: '#334455' });
    expect(styleOf($('h2').attr('style'))['font-family']).toMatch(/^Georgia/);
    expect(styleOf($('h3').attr('style'))['font-size']).toBe('24px');
  });

  it('drops unsafe colours and embeds', () => {
    const $ = html({ ops: [{ insert: 'x', attributes: { color: 'red;background:url(evil)' } }, { insert: { image: 'https://e/x.png' } }, { insert: '\n' }] });
    expect($('span')).toHaveLength(0);
    expect($('img')).toHaveLength(0);
  });

  it('tells empty deltas apart and joins lines for single-element blocks', () => {
    expect(deltaHasText({ ops: [] })).toBe(false);
    expect(deltaHasText({ ops: [{ insert: '  \n' }] })).toBe(false);
    expect(deltaToInlineHtml({ ops: [{ insert: 'a\nb\n' }] }, ctxWith())).toBe('a<br />b');
  });
});

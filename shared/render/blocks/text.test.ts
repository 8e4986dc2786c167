import { describe, expect, it } from 'vitest';
import { HEADING_TYPES, newSection } from '../../model';
import { renderParsed, styleOf, testContext } from '../test-support';

describe('heading', () => {
  it.each(HEADING_TYPES)('renders %s with the text, alignment and the section style', async (tag) => {
    const section = newSection('heading', 'h');
    section.blockModel = { headingType: tag, align: 'center' };
    section.delta = { ops: [{ insert: 'Big <news>' }, { insert: '\n' }] };
    section.fontSize = 34;
    section.textColor = '#112233';
    section.defaultFont = 'Georgia';
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const heading = $(tag);
    expect(heading.text()).toBe('Big <news>');
    expect(styleOf(heading.attr('style'))).toMatchObject({ 'font-size': '34px', color: '#112233', margin: '0' });
    expect(styleOf(heading.attr('style'))['font-family']).toMatch(/^Georgia/);
    expect(styleOf(heading.parent().attr('style'))['text-align']).toBe('center');
  });
});

describe('paragraph', () => {
  it('renders its rich text in the section font and alignment', async () => {
    const section = newSection('paragraph', 'p');
    section.blockModel = { align: 'right' };
    section.delta = { ops: [{ insert: 'Read ' }, { insert: 'this', attributes: { link: 'https://example.com/x' } }, { insert: '\n' }] };
    section.fontSize = 20;
    section.lineHeight = 1.8;
    section.textColor = '#445566';
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const p = $('p').filter((_, el) => $(el).text() === 'Read this');
    expect(p).toHaveLength(1);
    expect($('a[href="https://example.com/x"]').text()).toBe('this');
    const text = styleOf(p.parent().attr('style'));
    expect(text).toMatchObject({ 'font-size': '20px', 'line-height': '1.8', color: '#445566', 'text-align': 'right' });
    expect(text['font-family']).toBe('Segoe UI, -apple-system, BlinkMacSystemFont, Roboto, Helvetica Neue, Helvetica, Arial, sans-serif');
  });

  it('renders nothing for an empty paragraph', async () => {
    const section = newSection('paragraph', 'p');
    section.delta = { ops: [{ insert: '\n' }] };
    const { mjml } = await renderParsed([section]);
    expect(mjml).not.toContain('<mj-section');
  });
});

describe('blockquote', () => {
  it('draws its rule in the border colour', async () => {
    const section = newSection('blockquote', 'q');
    section.blockModel = { borderColor: '#ff8800' };
    section.delta = { ops: [{ insert: 'Quoted words\n' }] };
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    expect($('blockquote').text()).toBe('Quoted words');
    expect(styleOf($('blockquote').attr('style'))['border-left']).toBe('4px solid #ff8800');
  });
});

describe("the 'Channel Font Color' and 'Channel Background Color' checkboxes", () => {
  // Distinct colours everywhere, so a renderer that picked the wrong one fails.
  const channel = { accentColor: '#aa0000', fontColor: '#123456', backgroundColor: '#fdf6e3' };
  function ticked() {
    const section = newSection('paragraph', 'p');
    section.delta = { ops: [{ insert: 'Channel news' }, { insert: '\n' }] };
    // What was stored when the boxes were ticked; the channel's colours changed since.
    section.textColor = '#000001';
    section.backgroundColor = '#000002';
    section.useChannelColor = { textColor: true, backgroundColor: true };
    return section;
  }

  it("renders the channel's font and background colours of the day, not the accent colour", async () => {
    const context = testContext();
    const { $, errors } = await renderParsed([ticked()], { context: { channel: { ...context.channel!, ...channel } } });
    expect(errors).toEqual([]);
    const p = $('p').filter((_, el) => $(el).text() === 'Channel news');
    expect(styleOf(p.parent().attr('style')).color).toBe('#123456');
    const html = $.html();
    expect(html).toContain('#fdf6e3');
    expect(html).not.toContain('#000001');
    expect(html).not.toContain('#000002');
    expect(html).not.toContain('#aa0000');
  });

  it('reaches a column of a layout too', async () => {
    const layout = newSection('layout', 'l');
    layout.blocks = [ticked()];
    const context = testContext();
    const { $ } = await renderParsed([layout], { context: { channel: { ...context.channel!, ...channel } } });
    const p = $('p').filter((_, el) => $(el).text() === 'Channel news');
    expect(styleOf(p.parent().attr('style')).color).toBe('#123456');
    expect($.html()).toContain('#fdf6e3');
  });

  it('keeps the stored colours without a channel (company level), and unticked', async () => {
    const { $ } = await renderParsed([ticked()], { context: { channel: null, isCompanyLevel: true } });
    expect(styleOf($('p').filter((_, el) => $(el).text() === 'Channel news').parent().attr('style')).color).toBe('#000001');
    const unticked = { ...ticked(), useChannelColor: { textColor: false, backgroundColor: false } };
    const context = testContext();
    const own = await renderParsed([unticked], { context: { channel: { ...context.channel!, ...channel } } });
    expect(own.$.html()).toContain('#000002');
    expect(own.$.html()).not.toContain('#fdf6e3');
  });
});

import { describe, expect, it } from 'vitest';
import type { Section } from '../model';
import { defaultLetterSettings, newSection, newSectionOfEveryType, sides } from '../model';
import { compileMjml } from './compile';
import { renderLetterMjml } from './render-letter';
import { UnknownBlockTypeError, renderSection } from './render-section';
import { bodyText, renderParsed, styleOf, testInput } from './test-support';
import { renderContextOf } from './render-letter';

function paragraph(id: string, text: string): Section {
  return { ...newSection('paragraph', id), delta: { ops: [{ insert: `${text}\n` }] } };
}

/** The outer table MJML writes for a section's box (its td holds borders and paddings). */
function sectionCell($: Awaited<ReturnType<typeof renderParsed>>['$'], text: string) {
  const p = $('p').filter((_, el) => $(el).text() === text);
  return p.closest('div[class*="mj-column"]').parents('td').first();
}

describe('letter settings', () => {
  it('renders at the desktop width on the body background', async () => {
    const settings = defaultLetterSettings();
    settings.maxWidthDesktop = 700;
    settings.backgroundColorBody = '#eeeeee';
    const { $, errors } = await renderParsed([paragraph('p', 'hello')], { settings });
    expect(errors).toEqual([]);
    expect(styleOf($('body').attr('style'))['background-color']).toBe('#eeeeee');
    expect(styleOf(sectionCell($, 'hello').closest('table').parent('div').attr('style'))['max-width']).toBe('700px');
  });

  it.each([
    // The default 320 is the preview's screen: phones up to 479 px still stack.
    [320, 479],
    [480, 480],
    [undefined, 480],
    [540, 540],
  ])('gives screens up to the mobile width %s, and never fewer than 479 px, the phone layout (golden)', async (maxWidthMobile, expected) => {
    const settings = defaultLetterSettings();
    settings.maxWidthMobile = maxWidthMobile;
    const image = newSection('image', 'i');
    image.blockModel.src = 'https://cdn.example/a.png';
    const { html } = await renderParsed([paragraph('p', 'x'), image], { settings });
    // At or below it: phone rules; one pixel above it: desktop columns.
    expect(html).toContain(`@media only screen and (max-width:${expected}px) {\n      table.mj-full-width-mobile`);
    expect(html).toContain(`@media only screen and (max-width:${expected}px) { img {`);
    expect(html).toContain(`@media only screen and (min-width:${expected + 1}px) {`);
    expect(html).not.toMatch(new RegExp(`max-width:(?!${expected}px)\\d+px\\) \\{`));
  });

  it('paints a transparent section with the letter block background', async () => {
    const settings = defaultLetterSettings();
    settings.backgroundColor = '#fafafa';
    const { $ } = await renderParsed([paragraph('p', 'x')], { settings });
    expect(styleOf(sectionCell($, 'x').closest('table').attr('style'))['background-color']).toBe('#fafafa');
  });

  it('writes the text, link, image, button and divider styles as defaults in the head', () => {
    const settings = defaultLetterSettings();
    settings.text.p = { ...settings.text.p, font: 'Georgia', fontSize: 17, color: '#333333' };
    settings.links = { ...settings.links, color: '#ff00ff', weight: 'bold' };
    settings.buttons = { ...settings.buttons, color: '#00aa00', textColor: '#000000', font: 'Arial' };
    settings.dividers = { color: '#cccccc', style: 'dotted', thickness: 2 };
    settings.images = { ...settings.images, alignment: 'left' };
    settings.padding = sides(6);
    const mjml = renderLetterMjml(testInput([], { settings }));
    expect(mjml).toContain('<mj-text font-family="Georgia, Arial, serif" font-size="17px" line-height="1.52" color="#333333" align="left" padding="6px" />');
    expect(mjml).toContain('<mj-button background-color="#00aa00" color="#000000" align="center" border-radius="3px" font-family="Arial, sans-serif" font-size="16px" font-weight="bold"');
    expect(mjml).toContain('<mj-divider border-color="#cccccc" border-style="dotted" border-width="2px"');
    expect(mjml).toContain('<mj-image align="left"');
    expect(mjml).toContain('a { color:#ff00ff; font-weight:bold;');
  });

  it('ends every font stack in a generic family', async () => {
    const settings = defaultLetterSettings();
    settings.text.p = { ...settings.text.p, font: 'Playfair Display', fontFallback: 'Georgia' };
    const section = { ...paragraph('p', 'x'), defaultFont: 'Playfair Display', fontFallback: 'Georgia' };
    const { html } = await renderParsed([section, { ...paragraph('q', 'y'), defaultFont: 'Courier New', fontFallback: 'Arial' }], { settings });
    const stacks = [...html.matchAll(/font-family:([^;"]+)/g)].map((match) => match[1]!.trim());
    expect(stacks.length).toBeGreaterThan(0);
    for (const stack of stacks) expect(stack, stack).toMatch(/, (serif|sans-serif|monospace)$/);
    expect(stacks).toContain('Playfair Display, Georgia, serif');
    expect(stacks).toContain('Courier New, Arial, monospace');
  });

  it('links the web fonts the letter uses (mj-font), and none for fonts every reader has', async () => {
    const settings = defaultLetterSettings();
    for (const style of Object.values(settings.text)) style.font = 'Georgia';
    const web = await renderParsed([{ ...paragraph('p', 'x'), defaultFont: 'Lato' }, { ...paragraph('q', 'y'), defaultFont: 'Roboto Slab' }], { settings });
    const links = web.$('link[rel="stylesheet"]').map((_, el) => web.$(el).attr('href')).get();
    expect(links.sort()).toEqual(['https://fonts.googleapis.com/css2?family=Lato:wght@400%3B700', 'https://fonts.googleapis.com/css2?family=Roboto+Slab:wght@400%3B700']);

    const safe = defaultLetterSettings();
    for (const style of Object.values(safe.text)) style.font = 'Georgia';
    safe.buttons = { ...safe.buttons, font: 'Arial' };
    const plain = paragraph('p', 'x');
    plain.defaultFont = 'Georgia';
    const none = await renderParsed([plain], { settings: safe });
    expect(none.$('link[rel="stylesheet"]')).toHaveLength(0);
    expect(none.html).not.toContain('fonts.googleapis.com');
  });

  it('titles the document with the subject and adds the preview text', async () => {
    const { $ } = await renderParsed([paragraph('p', 'body')], { title: 'Weekly <news>', preview: 'What is inside' });
    expect($('title').text()).toBe('Weekly <news>');
    expect($('div').filter((_, el) => styleOf($(el).attr('style')).display === 'none').text()).toContain('What is inside');
  });
});

describe('section common settings', () => {
  it('applies background, paddings, borders per side and radius per corner', async () => {
    const section = paragraph('p', 'boxed');
    Object.assign(section, {
      backgroundColor: '#ffeedd',
      paddingTop: 11,
      paddingRight: 12,
      paddingBottom: 13,
      paddingLeft: 14,
      borderColor: '#ff0000',
      borderStyle: 'dashed',
      borderThickness: { top: 1, right: 2, bottom: 3, left: 0 },
      borderRadius: { topLeft: 1, topRight: 2, bottomLeft: 4, bottomRight: 3 },
    });
    const { $, errors } = await renderParsed([section]);
    expect(errors).toEqual([]);
    const cell = styleOf(sectionCell($, 'boxed').attr('style'));
    expect(cell).toMatchObject({
      'border-top': '1px dashed #ff0000',
      'border-right': '2px dashed #ff0000',
      'border-bottom': '3px dashed #ff0000',
      'border-radius': '1px 2px 3px 4px',
      'padding-top': '11px',
      'padding-right': '12px',
      'padding-bottom': '13px',
      'padding-left': '14px',
    });
    expect(cell['border-left']).toBeUndefined();
    expect(styleOf(sectionCell($, 'boxed').closest('table').attr('style'))['background-color']).toBe('#ffeedd');
  });

  it("takes missing border fields from the letter's borders, with its padding inside them", async () => {
    const settings = defaultLetterSettings();
    settings.borders = { ...settings.borders, applyBorders: true, color: '#0000ff', style: 'dotted', thickness: sides(2), padding: sides(5) };
    const { $ } = await renderParsed([paragraph('p', 'framed')], { settings });
    const cell = styleOf(sectionCell($, 'framed').attr('style'));
    expect(cell).toMatchObject({ 'border-top': '2px dotted #0000ff', 'border-left': '2px dotted #0000ff', 'padding-top': '15px', 'padding-left': '30px' });
    settings.borders.applyBorders = false;
    const off = styleOf(sectionCell((await renderParsed([paragraph('p', 'plain')], { settings })).$, 'plain').attr('style'));
    expect(off['border-top']).toBeUndefined();
    expect(off['padding-top']).toBe('10px');
  });

  it('extends the background to the full width when asked', async () => {
    const section = { ...paragraph('p', 'wide'), backgroundColor: '#123456', extendBgColor: true };
    const { $ } = await renderParsed([section]);
    const outer = sectionCell($, 'wide').parents('table').last();
    expect(styleOf(outer.attr('style'))).toMatchObject({ 'background-color': '#123456', width: '100%' });
  });

  it('writes the section font on its text', async () => {
    const section = { ...paragraph('p', 'styled'), defaultFont: 'Lato', fontFallback: 'Arial', fontSize: 21, lineHeight: 1.3, textColor: '#0a0b0c' };
    const { $ } = await renderParsed([section]);
    const text = $('p').filter((_, el) => $(el).text() === 'styled').parent();
    expect(styleOf(text.attr('style'))).toMatchObject({ 'font-family': 'Lato, Arial, sans-serif', 'font-size': '21px', 'line-height': '1.3', color: '#0a0b0c' });
  });
});

describe('letters', () => {
  it('render the same MJML and HTML every time (no timestamps or random ids)', async () => {
    const sections = newSectionOfEveryType('s-');
    const first = renderLetterMjml(testInput(sections));
    expect(renderLetterMjml(testInput(structuredClone(sections)))).toBe(first);
    const [a, b] = await Promise.all([compileMjml(first), compileMjml(first)]);
    expect(a.html).toBe(b.html);
    expect(a.errors).toEqual([]);
  });

  it('show the footer and logo placeholders at company level', async () => {
    const { $ } = await renderParsed([newSection('logo', 'l'), newSection('footer', 'f')], { context: { isCompanyLevel: true } });
    expect(bodyText($)).toContain('Logo placeholder');
    expect(bodyText($)).toContain('Footer placeholder');
  });

  it('refuse an unknown block type instead of skipping it', () => {
    const section = { ...newSection('paragraph', 'p'), type: 'marquee' } as unknown as Section;
    const ctx = renderContextOf(testInput([]));
    expect(() => renderSection(section, ctx)).toThrow(UnknownBlockTypeError);
    expect(() => renderLetterMjml(testInput([section]))).toThrow('Unknown block type "marquee"');
  });
});

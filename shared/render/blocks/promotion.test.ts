import type { Element } from 'domhandler';
import { textContent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { blockTextStyle, defaultLetterSettings, newSection, sides } from '../../model';
import type { LetterSettings } from '../../model';
import { attr, blockContext, compileColumn, selectAll, selectOne } from '../test-support';
import type { Doc } from '../test-support';
import type { RenderContext } from '../types';
import type { PromotionContent } from './promotion';
import { promotionLook, promotionMergeTag, renderNewPromotion, renderPromotion, renderPromotionContent } from './promotion';

function context(change: (settings: LetterSettings) => void = () => {}): RenderContext {
  const settings = defaultLetterSettings();
  change(settings);
  return blockContext({ settings });
}

/** The promotion's frame: the cell that carries the box styles. */
const frame = (doc: Doc): Element => selectOne('td[style*="background-color"]', doc)!;

const content: PromotionContent = {
  heading: 'Try Acme',
  copy: 'Acme makes things.\nGood things.',
  image: 'https://cdn.example/acme.png',
  imageAlt: 'Acme logo',
  callToAction: 'Shop now',
  callToActionUrl: 'https://acme.example/?ref=letter',
  promoterDisplayName: 'Acme Inc.',
};

describe('renderPromotion and renderNewPromotion', () => {
  it('render nothing until an ad type or a zone is chosen', () => {
    expect(renderPromotion(newSection('promotion', 'p'), context())).toBe('');
    expect(renderNewPromotion(newSection('newpromotion', 'n'), context())).toBe('');
  });

  it('render the promotion frame with merge tags for the promotion of the zone, in the letter promotion styles', async () => {
    const section = newSection('newpromotion', 'n');
    section.blockModel.zone = 3;
    const ctx = context((s) => {
      s.promotionSettings.backgroundColor = '#FFEEDD';
      s.promotionSettings.padding = sides(12);
      s.promotionSettings.headingSettings = { ...blockTextStyle(26), color: '#AA0000' };
    });
    const doc = await compileColumn(renderNewPromotion(section, ctx));
    const tag = (part: Parameters<typeof promotionMergeTag>[1]): string => `{{promotion.zone3.${part}}}`;
    expect(attr(selectOne('img', doc), 'src')).toBe(tag('image'));
    expect(attr(selectOne('img', doc), 'alt')).toBe(tag('imageAlt'));
    expect(selectAll('a', doc).map((a) => attr(a, 'href'))).toEqual([tag('callToActionUrl'), tag('callToActionUrl')]);
    const text = textContent(doc);
    for (const part of ['heading', 'copy', 'callToAction'] as const) expect(text).toContain(tag(part));
    expect(text).toContain(`Promotion from ${tag('promoterDisplayName')}`);
    const box = attr(frame(doc), 'style');
    expect(box).toContain('background-color:#FFEEDD');
    expect(box).toContain('padding:12px');
    expect(box).toContain('border-top:1px solid #000000');
    const heading = selectAll('div', doc).find((d) => textContent(d) === tag('heading'))!;
    expect(attr(heading, 'style')).toContain('font-size:26px');
    expect(attr(heading, 'style')).toContain('color:#AA0000');
  });

  it('key the legacy block by its ad type and follow the letter disclaimer settings', async () => {
    const section = newSection('promotion', 'p');
    section.blockModel.adTypeId = 12;
    const ctx = context((s) => {
      s.promotionSettings.displayDisclaimer = false;
    });
    const doc = await compileColumn(renderPromotion(section, ctx));
    expect(textContent(doc)).toContain('{{promotion.adType12.heading}}');
    expect(textContent(doc)).not.toContain('Promotion from');
  });
});

describe('promotionLook', () => {
  it('lets block values the editor changed win over the letter settings', () => {
    const letter = defaultLetterSettings().promotionSettings;
    letter.disclaimer = 'Sponsored by';
    letter.copySettings = blockTextStyle(15);
    const block = newSection('promotion', 'p').blockModel;
    expect(promotionLook(block, letter).disclaimer).toBe('Sponsored by');
    expect(promotionLook(block, letter).copySettings.fontSize).toBe(15);
    block.disclaimer = 'Paid for by';
    block.copySettings = { ...block.copySettings, fontSize: 11 };
    block.displayDisclaimer = false;
    const look = promotionLook(block, letter);
    expect([look.disclaimer, look.copySettings.fontSize, look.displayDisclaimer]).toEqual(['Paid for by', 11, false]);
  });
});

describe('renderPromotionContent', () => {
  it('renders heading, image, copy, call to action and disclaimer of a known promotion', async () => {
    const ctx = context();
    const look = promotionLook(newSection('promotion', 'p').blockModel, ctx.settings.promotionSettings);
    const doc = await compileColumn(renderPromotionContent(content, look, ctx));
    const divs = selectAll(':scope > div', frame(doc)).map((d) => textContent(d));
    expect(divs).toEqual(['Try Acme', 'Acme makes things.Good things.', 'Promotion from Acme Inc.']);
    expect(selectAll('br', doc)).toHaveLength(1);
    expect(attr(selectOne('img', doc), 'alt')).toBe('Acme logo');
    // The image fills the frame: 590 less the letter's 4 px block paddings, the frame's 4 px paddings and 1 px borders.
    expect(attr(selectOne('img', doc), 'width')).toBe('572');
    const cta = selectAll('a', doc).find((a) => textContent(a) === 'Shop now')!;
    expect(attr(cta, 'href')).toBe('https://acme.example/?ref=letter');
    expect(attr(cta, 'style')).toContain('color:#FFFFFF');
  });

  it('renders rich copy, escapes hostile parts and refuses javascript: links', async () => {
    const ctx = context();
    const look = promotionLook(newSection('promotion', 'p').blockModel, ctx.settings.promotionSettings);
    const hostile: PromotionContent = {
      ...content,
      heading: '<script>alert(1)</script>',
      copy: { ops: [{ insert: 'Rich ' }, { insert: 'copy', attributes: { italic: true } }, { insert: '\n' }] },
      imageAlt: '" onerror="alert(1)',
      callToActionUrl: 'javascript:alert(1)',
      promoterDisplayName: '<b>Evil</b>',
    };
    const mjml = renderPromotionContent(hostile, look, ctx);
    expect(mjml).not.toContain('<script>');
    expect(mjml).not.toContain('javascript:');
    const doc = await compileColumn(mjml);
    expect(selectAll('script, b', doc)).toHaveLength(0);
    expect(textContent(selectOne('em', doc)!)).toBe('copy');
    expect(attr(selectOne('img', doc), 'alt')).toBe('" onerror="alert(1)');
    expect(attr(selectOne('img', doc), 'onerror')).toBe('');
    // Without a safe link there is no call to action and the image is not linked.
    expect(selectAll('a', doc)).toHaveLength(0);
    expect(textContent(doc)).toContain('Promotion from <b>Evil</b>');
  });
});

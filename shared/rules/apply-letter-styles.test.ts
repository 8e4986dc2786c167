import { describe, expect, it } from 'vitest';
import type { LetterSettings, Section, SectionOf } from '../model';
import { corners, defaultLetterSettings, newLayoutSection, newSection, sides } from '../model';
import {
  applyLetterStyleChange,
  overrideSectionStyles,
  sameStyleValue,
  sectionWithLetterStyles,
  textTagOf,
} from './apply-letter-styles';

const settings = defaultLetterSettings();
const withSettings = (change: (s: LetterSettings) => LetterSettings) => change(structuredClone(settings));

function divider(id: string, color = settings.dividers.color): SectionOf<'divider'> {
  const section = newSection('divider', id);
  return { ...section, blockModel: { ...section.blockModel, color } };
}

describe('sameStyleValue', () => {
  it.each<[unknown, unknown, boolean]>([
    ['#FFFFFF', '#ffffff', true],
    [' Arial', 'arial', true],
    ['#fff', '#ffffff', false],
    [3, 3, true],
    [3, '3', false],
    [sides(1), sides(1), true],
    [sides(1), sides(1, 2), false],
    [undefined, sides(0), false],
    [undefined, undefined, true],
  ])('%j vs %j', (a, b, same) => expect(sameStyleValue(a, b)).toBe(same));
});

describe('applyLetterStyleChange: fields holding the letter value follow it, others keep theirs', () => {
  it('DIVIDER colour reaches dividers at the old letter colour, not one set to another colour', () => {
    const sections: Section[] = [divider('a'), divider('b', '#ff0000'), divider('c', '#000')];
    const after = withSettings((s) => ({ ...s, dividers: { ...s.dividers, color: '#00ff00' } }));
    const next = applyLetterStyleChange(sections, settings, after) as SectionOf<'divider'>[];
    expect(next.map((s) => s.blockModel.color)).toEqual(['#00ff00', '#ff0000', '#000']);
    expect(next[1]).toBe(sections[1]);
  });

  it('returns the same list when nothing follows the change', () => {
    const sections: Section[] = [divider('b', '#ff0000'), newSection('paragraph', 'p')];
    const after = withSettings((s) => ({ ...s, dividers: { ...s.dividers, color: '#00ff00' } }));
    expect(applyLetterStyleChange(sections, settings, after)).toBe(sections);
  });

  it('returns the same list when the settings did not change', () => {
    const sections: Section[] = [divider('a')];
    expect(applyLetterStyleChange(sections, settings, structuredClone(settings))).toBe(sections);
  });

  it('DIVIDER style and thickness reach the divider width', () => {
    const after = withSettings((s) => ({ ...s, dividers: { ...s.dividers, style: 'dashed', thickness: 4 } }));
    const [next] = applyLetterStyleChange([divider('a')], settings, after) as SectionOf<'divider'>[];
    expect(next!.blockModel).toMatchObject({ style: 'dashed', width: 4 });
  });

  it('BLOCK background: a transparent section keeps following (unchanged), one at the old colour moves, another stays', () => {
    const transparent = newSection('paragraph', 't');
    const same = { ...newSection('paragraph', 's'), backgroundColor: '#ffffff' };
    const other = { ...newSection('paragraph', 'o'), backgroundColor: '#123456' };
    const after = withSettings((s) => ({ ...s, backgroundColor: '#eeeeee' }));
    const next = applyLetterStyleChange([transparent, same, other], settings, after);
    expect(next.map((s) => s.backgroundColor)).toEqual(['transparent', '#eeeeee', '#123456']);
    expect(next[0]).toBe(transparent);
  });

  it('BLOCK borders: unset fields keep following the letter; a field at the old value moves', () => {
    const unset = newSection('button', 'u');
    const atOld = { ...newSection('button', 'v'), borderColor: '#000000', borderRadius: corners(3) };
    const own = { ...newSection('button', 'w'), borderColor: '#abcdef', borderRadius: corners(9) };
    const after = withSettings((s) => ({ ...s, borders: { ...s.borders, color: '#ff0000', borderRadius: corners(6) } }));
    const [u, v, w] = applyLetterStyleChange([unset, atOld, own], settings, after);
    expect(u).toBe(unset);
    expect(u!.borderColor).toBeUndefined();
    expect(v).toMatchObject({ borderColor: '#ff0000', borderRadius: corners(6) });
    expect(w).toMatchObject({ borderColor: '#abcdef', borderRadius: corners(9) });
  });

  it('TEXT p reaches paragraphs and quotes field by field; h2 reaches only h2 headings', () => {
    const paragraph = newSection('paragraph', 'p');
    const quote = newSection('blockquote', 'q');
    const h2 = { ...newSection('heading', 'h2'), blockModel: { headingType: 'h2' as const, align: 'left' as const }, fontSize: 28 };
    const h1 = { ...newSection('heading', 'h1'), fontSize: 32 };
    const after = withSettings((s) => ({
      ...s,
      text: {
        ...s.text,
        // Sections start at #202a33, left and in the system font like the letter, so those
        // follow; their own size 18 differs from the letter's 16, so it stays.
        p: { ...s.text.p, color: '#111111', alignment: 'center', font: 'Georgia', fontSize: 20 },
        h2: { ...s.text.h2, fontSize: 30 },
      },
    }));
    const [p, q, two, one] = applyLetterStyleChange([paragraph, quote, h2, h1], settings, after) as [
      SectionOf<'paragraph'>,
      SectionOf<'blockquote'>,
      SectionOf<'heading'>,
      SectionOf<'heading'>,
    ];
    expect(p).toMatchObject({ textColor: '#111111', defaultFont: 'Georgia', fontSize: 18, blockModel: { align: 'center' } });
    expect(q).toMatchObject({ textColor: '#111111', blockModel: { borderColor: '#202a33' } });
    expect(two.fontSize).toBe(30);
    expect(one).toBe(h1);
  });

  it('BUTTON styles reach button blocks and poll buttons', () => {
    const button = newSection('button', 'b');
    const poll = newSection('poll', 'poll');
    const after = withSettings((s) => ({ ...s, buttons: { ...s.buttons, color: '#ff0000', textColor: '#000000', borderRadius: 8, alignment: 'left' } }));
    const [b, pl] = applyLetterStyleChange([button, poll], settings, after) as [SectionOf<'button'>, SectionOf<'poll'>];
    expect(b.blockModel).toMatchObject({ backgroundColor: '#ff0000', color: '#000000', borderRadius: 8, align: 'left' });
    expect(pl.blockModel).toMatchObject({ buttonBackgroundColor: '#ff0000', buttonTextColor: '#000000', buttonBorderRadius: corners(8), buttonAlignment: 'full width' });
  });

  it('IMAGE width reaches images at the old width, leaves unset widths unset and other widths alone', () => {
    const image = newSection('image', 'i');
    const logo = newSection('logo', 'l');
    const { width: _w, ...withoutWidth } = logo.blockModel;
    const unset = { ...logo, blockModel: withoutWidth };
    const wide = { ...newSection('youtube', 'y'), blockModel: { ...newSection('youtube', 'y').blockModel, width: 500 } };
    const after = withSettings((s) => ({ ...s, images: { ...s.images, width: 400, alignment: 'right' } }));
    const [i, l, y] = applyLetterStyleChange([image, unset, wide], settings, after) as SectionOf<'image' | 'logo' | 'youtube'>[];
    expect(i!.blockModel).toMatchObject({ width: 400, align: 'right' });
    expect(l!.blockModel.width).toBeUndefined();
    expect(l!.blockModel.align).toBe('right');
    expect(y!.blockModel).toMatchObject({ width: 500, align: 'right' });
  });

  it('PROMOTION text styles and disclaimer reach promotion blocks that hold the letter values', () => {
    const promotion = newSection('promotion', 'pr');
    const edited = newSection('newpromotion', 'np');
    edited.blockModel = { ...edited.blockModel, disclaimer: 'Sponsored by', copySettings: { ...edited.blockModel.copySettings, fontSize: 22 } };
    const after = withSettings((s) => ({
      ...s,
      promotionSettings: { ...s.promotionSettings, disclaimer: 'Paid promotion', copySettings: { ...s.promotionSettings.copySettings, fontSize: 14 } },
    }));
    const [p, n] = applyLetterStyleChange([promotion, edited], settings, after) as [SectionOf<'promotion'>, SectionOf<'newpromotion'>];
    expect(p.blockModel).toMatchObject({ disclaimer: 'Paid promotion', copySettings: { fontSize: 14 } });
    expect(n.blockModel).toMatchObject({ disclaimer: 'Sponsored by', copySettings: { fontSize: 22 } });
  });

  it('reaches the children of layouts', () => {
    const layout = newLayoutSection('lay', 4);
    const after = withSettings((s) => ({ ...s, text: { ...s.text, p: { ...s.text.p, color: '#333333' } } }));
    const [next] = applyLetterStyleChange([layout], settings, after);
    expect(next!.blocks.map((c) => c.textColor)).toEqual(['#333333', '#333333']);
    expect(layout.blocks.map((c) => c.textColor)).toEqual(['#202a33', '#202a33']);
  });
});

describe('overrideSectionStyles: the override buttons', () => {
  it("'Override block settings' puts every background and border back on the letter's", () => {
    const own = { ...newSection('paragraph', 'a'), backgroundColor: '#123456', borderColor: '#abcdef', borderThickness: sides(2) };
    const child = { ...newSection('image', 'c'), backgroundColor: '#999999' };
    const layout = { ...newLayoutSection('l', 6), blocks: [child] };
    const [a, l] = overrideSectionStyles([own, layout], settings, 'block');
    expect(a).toMatchObject({ backgroundColor: 'transparent' });
    expect(a).not.toHaveProperty('borderColor');
    expect(a).not.toHaveProperty('borderThickness');
    expect(l!.blocks[0]!.backgroundColor).toBe('transparent');
    // Text styles are another group's.
    expect(a!.defaultFont).toBe('System UI');
  });

  it("'Override text block settings' gives text blocks the letter's text styles, headings their level's", () => {
    const paragraph = newSection('paragraph', 'p');
    const heading = { ...newSection('heading', 'h'), blockModel: { headingType: 'h3' as const, align: 'right' as const } };
    const button = newSection('button', 'b');
    const [p, h, b] = overrideSectionStyles([paragraph, heading, button], settings, 'text');
    expect(p).toMatchObject({ defaultFont: 'System UI', fontFallback: 'Arial', fontSize: 16, lineHeight: 1.52, textColor: '#202a33', blockModel: { align: 'left' } });
    expect(h).toMatchObject({ fontSize: settings.text.h3.fontSize, blockModel: { headingType: 'h3', align: 'left' } });
    expect(b).toBe(button);
  });

  it('returns the same list when everything already follows', () => {
    const sections = [newSection('paragraph', 'p')];
    expect(overrideSectionStyles(sections, settings, 'block')).toBe(sections);
  });

  it('after an override, the next change reaches the section', () => {
    const own = divider('a', '#ff0000');
    const [overridden] = overrideSectionStyles([own], settings, 'divider');
    const after = withSettings((s) => ({ ...s, dividers: { ...s.dividers, color: '#0000ff' } }));
    const [next] = applyLetterStyleChange([overridden!], settings, after) as SectionOf<'divider'>[];
    expect(next!.blockModel.color).toBe('#0000ff');
  });
});

describe('sectionWithLetterStyles', () => {
  it('dresses a new paragraph in the letter p style, so later p changes reach it', () => {
    const styled = sectionWithLetterStyles(newSection('paragraph', 'p'), settings);
    expect(styled).toMatchObject({ defaultFont: 'System UI', fontSize: 16 });
    const after = withSettings((s) => ({ ...s, text: { ...s.text, p: { ...s.text.p, font: 'Georgia', fontSize: 20 } } }));
    expect(applyLetterStyleChange([styled], settings, after)[0]).toMatchObject({ defaultFont: 'Georgia', fontSize: 20 });
  });
});

describe('textTagOf', () => {
  it('is p for paragraphs and quotes, the level for headings, null otherwise', () => {
    expect(textTagOf(newSection('paragraph', 'a'))).toBe('p');
    expect(textTagOf(newSection('blockquote', 'a'))).toBe('p');
    expect(textTagOf(newSection('heading', 'a'))).toBe('h1');
    expect(textTagOf(newSection('image', 'a'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  LetterSettingsSchema,
  defaultLetterSettings,
  effectiveDesktopWidth,
  effectiveMobileWidth,
} from './letter-settings';
import { PromotionSettingsSchema, defaultPromotionSettings } from './promotion-settings';

describe('defaultLetterSettings', () => {
  it('parses with LetterSettingsSchema unchanged', () => {
    const settings = defaultLetterSettings();
    expect(LetterSettingsSchema.parse(settings)).toEqual(settings);
  });

  it('gives a new letter 640 desktop and 320 mobile (DECISIONS)', () => {
    const settings = defaultLetterSettings();
    expect(settings.maxWidthDesktop).toBe(640);
    expect(settings.maxWidthMobile).toBe(320);
  });

  it('uses the system font (Arial where a reader has none), 1.52 and left for every letter-wide text tag', () => {
    const { text } = defaultLetterSettings();
    for (const style of Object.values(text)) {
      expect(style.font).toBe('System UI');
      expect(style.fontFallback).toBe('Arial');
      expect(style.lineHeight).toBe(1.52);
      expect(style.alignment).toBe('left');
    }
    expect(text.p.fontSize).toBe(16);
  });

  it('scales headings up from the paragraph', () => {
    const { text } = defaultLetterSettings();
    expect([text.h1, text.h2, text.h3, text.h4, text.h5, text.h6].map((s) => s.fontSize)).toEqual([
      32, 28, 24, 20, 18, 16,
    ]);
  });

  it('colours links #0000EE without channel colours', () => {
    const { links } = defaultLetterSettings();
    expect(links.color).toBe('#0000EE');
    expect(links.useChannelColor).toEqual({ textColor: false, linkColor: false });
  });

  it('starts borders off, black, solid, radius 3 and thickness 0', () => {
    const { borders } = defaultLetterSettings();
    expect(borders.applyBorders).toBe(false);
    expect(borders.color).toBe('#000000');
    expect(borders.style).toBe('solid');
    expect(borders.thickness).toEqual({ top: 0, right: 0, bottom: 0, left: 0 });
    expect(borders.borderRadius).toEqual({ topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3 });
  });

  it('pads blocks 4 on each side and centres images at 300', () => {
    const settings = defaultLetterSettings();
    expect(settings.padding).toEqual({ top: 4, right: 4, bottom: 4, left: 4 });
    expect(settings.images).toEqual({ width: 300, alignment: 'center', hasOriginalImageWidth: false });
  });

  it('returns a fresh object each time', () => {
    const a = defaultLetterSettings();
    a.text.p.fontSize = 99;
    expect(defaultLetterSettings().text.p.fontSize).toBe(16);
  });
});

describe('promotion settings default (spec 1 §9)', () => {
  it('shows the disclaimer on white with a 1 px border and 4 px padding', () => {
    const promotion = defaultPromotionSettings();
    expect(PromotionSettingsSchema.parse(promotion)).toEqual(promotion);
    expect(promotion.displayDisclaimer).toBe(true);
    expect(promotion.disclaimer).toBe('Promotion from');
    expect(promotion.backgroundColor).toBe('#FFFFFF');
    expect(promotion.borders.thickness).toEqual({ top: 1, right: 1, bottom: 1, left: 1 });
    expect(promotion.borders.applyBorders).toBe(true);
    expect(promotion.padding).toEqual({ top: 4, right: 4, bottom: 4, left: 4 });
  });
});

describe('LetterSettingsSchema on stored letters', () => {
  it('accepts a letter without widths and leaves them missing', () => {
    const { maxWidthDesktop: _d, maxWidthMobile: _m, ...stored } = defaultLetterSettings();
    const parsed = LetterSettingsSchema.parse(stored);
    expect(parsed.maxWidthDesktop).toBeUndefined();
    expect(parsed.maxWidthMobile).toBeUndefined();
  });

  it('shows 720 / 480 for missing widths and the stored value otherwise', () => {
    expect(effectiveDesktopWidth({})).toBe(720);
    expect(effectiveMobileWidth({})).toBe(480);
    expect(effectiveDesktopWidth({ maxWidthDesktop: 640 })).toBe(640);
    expect(effectiveMobileWidth({ maxWidthMobile: 320 })).toBe(320);
  });

  it('accepts a letter without esp_template_id', () => {
    const { esp_template_id: _e, ...stored } = defaultLetterSettings();
    expect(LetterSettingsSchema.safeParse(stored).success).toBe(true);
  });

  it('rejects an unknown border style', () => {
    const settings = defaultLetterSettings();
    const bad = { ...settings, borders: { ...settings.borders, style: 'groove' } };
    expect(LetterSettingsSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects a text tag without its font size', () => {
    const settings = defaultLetterSettings();
    const { fontSize: _f, ...h2 } = settings.text.h2;
    const bad = { ...settings, text: { ...settings.text, h2 } };
    expect(LetterSettingsSchema.safeParse(bad).success).toBe(false);
  });

  it('rejects settings missing promotionSettings', () => {
    const { promotionSettings: _p, ...bad } = defaultLetterSettings();
    expect(LetterSettingsSchema.safeParse(bad).success).toBe(false);
  });
});

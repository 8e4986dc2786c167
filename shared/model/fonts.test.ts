import { describe, expect, it } from 'vitest';
import { FALLBACK_FONTS } from './constants';
import { FONT_GROUPS, PRIMARY_FONTS, SYSTEM_FONTS, WEB_FONTS, genericFamilyOf, isWebFont, webFontStylesheetUrl } from './fonts';

describe('fonts', () => {
  it('knows the generic family of every font the pickers offer', () => {
    for (const font of [...PRIMARY_FONTS, ...FALLBACK_FONTS]) expect(genericFamilyOf(font), font).not.toBeNull();
    expect(genericFamilyOf('Georgia')).toBe('serif');
    expect(genericFamilyOf('playfair display')).toBe('serif');
    expect(genericFamilyOf('Courier new')).toBe('monospace');
    expect(genericFamilyOf('Roboto Mono')).toBe('monospace');
    expect(genericFamilyOf('Montserrat')).toBe('sans-serif');
    expect(genericFamilyOf('Some Font')).toBeNull();
  });

  it('tells web fonts from the ones every reader has, and groups the picker that way', () => {
    expect(isWebFont('Montserrat')).toBe(true);
    expect(isWebFont('open sans')).toBe(true);
    expect(isWebFont('Arial')).toBe(false);
    expect(FONT_GROUPS.map((group) => group.items)).toEqual([SYSTEM_FONTS, WEB_FONTS]);
    expect(FONT_GROUPS[0]!.group).toBe('Safe everywhere');
    expect(FONT_GROUPS[1]!.group).toMatch(/^Web fonts \(Apple Mail, iOS/);
  });

  it("links a web font's Google Fonts stylesheet, bold too unless it has one weight", () => {
    expect(webFontStylesheetUrl('Open Sans')).toBe('https://fonts.googleapis.com/css2?family=Open+Sans:wght@400%3B700');
    expect(webFontStylesheetUrl('anton')).toBe('https://fonts.googleapis.com/css2?family=Anton');
    expect(webFontStylesheetUrl('Georgia')).toBeNull();
    // Nothing that would end a CSS @import url() or need an HTML entity.
    for (const font of WEB_FONTS) expect(webFontStylesheetUrl(font)).toMatch(/^https:\/\/fonts\.googleapis\.com\/css2\?family=[A-Za-z0-9+]+(:wght@400%3B700)?$/);
  });
});

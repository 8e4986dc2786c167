import { describe, expect, it } from 'vitest';
import { defaultLetterSettings } from './letter-settings';
import { newSection } from './section-factory';
import { usedWebFonts } from './used-web-fonts';

describe('usedWebFonts', () => {
  it('finds the web fonts named anywhere in the settings or the sections, once each, as listed', () => {
    const settings = { ...defaultLetterSettings(), buttons: { ...defaultLetterSettings().buttons, font: 'lora' } };
    const sections = [{ ...newSection('paragraph', 'p'), defaultFont: 'Source Sans 3', fontFallback: 'Georgia' }];
    const fonts = usedWebFonts(settings, sections);
    expect(fonts).toContain('Lora');
    expect(fonts).toContain('Source Sans 3');
    expect(fonts).not.toContain('Georgia');
    expect(new Set(fonts).size).toBe(fonts.length);
  });
});

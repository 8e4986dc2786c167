import { WEB_FONTS, webFontName } from './fonts';
import type { LetterSettings } from './letter-settings';
import type { Section } from './section';

// Which web fonts a letter uses: the email links them (render-letter.ts) and the composer
// and its preview load them from the fonts shipped with the app.

/** Longer strings are text, never a font name. */
const FONT_NAME_MAX = 40;

function collectWebFonts(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') {
    const name = value.length <= FONT_NAME_MAX ? webFontName(value) : null;
    if (name) found.add(name);
  } else if (Array.isArray(value)) {
    for (const item of value) collectWebFonts(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) collectWebFonts(item, found);
  }
}

/**
 * The web fonts the letter names (its settings or any section, any field), as listed.
 * Found by value in the letter's data, so whatever field a font is chosen in counts.
 */
export function usedWebFonts(settings: LetterSettings, sections: readonly Section[]): string[] {
  const found = new Set<string>();
  collectWebFonts([settings, sections], found);
  return WEB_FONTS.filter((font) => found.has(font));
}

import { useEffect } from 'react';
import { WEB_FONTS, webFontName } from '../../../shared/model/fonts';
import { WEB_FONT_FILES } from '../../../shared/model/web-font-files';

// The web fonts of the Styles tab, drawn from the files shipped with the app (see
// scripts/vendor-web-fonts.ts), never from Google Fonts: the app works offline.

/** Where both hosts serve src-renderer/public/web-fonts/ (an absolute path: routes are nested). */
export const WEB_FONTS_PATH = '/web-fonts/';

export interface WebFontFace {
  family: string;
  weight: number;
  style: string;
  file: string;
}

/** The shipped faces of a web font (any case), none for any other font. */
export function webFontFaces(font: string): WebFontFace[] {
  const family = webFontName(font);
  const files = family ? WEB_FONT_FILES[family] : undefined;
  if (!family || !files) return [];
  return files.faces.map((face) => ({ family, ...face }));
}

/** The web fonts an email links (its mj-font stylesheets on fonts.googleapis.com), as listed. */
export function linkedWebFonts(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/fonts\.googleapis\.com\/css2\?family=([A-Za-z0-9+]+)/g)) {
    const name = webFontName(match[1]!.replace(/\+/g, ' '));
    if (name) found.add(name);
  }
  return WEB_FONTS.filter((font) => found.has(font));
}

const registered = new Map<string, FontFace[]>();

function canUseFontFaces(): boolean {
  return typeof FontFace === 'function' && typeof document !== 'undefined' && 'fonts' in document;
}

/**
 * Adds the font's faces to the document once. Until some text uses them (or load() is
 * called) the browser fetches nothing, so registering every web font costs next to nothing.
 */
function register(font: string): FontFace[] {
  const family = webFontName(font);
  if (!family || !canUseFontFaces()) return [];
  let faces = registered.get(family);
  if (!faces) {
    faces = webFontFaces(family).map(
      (face) => new FontFace(family, `url("${WEB_FONTS_PATH}${face.file}") format("woff2")`, { weight: String(face.weight), style: face.style, display: 'swap' }),
    );
    for (const face of faces) document.fonts.add(face);
    registered.set(family, faces);
  }
  return faces;
}

/** Every web font declared in the document, so the font picker can draw each name in its font. */
export function registerAllWebFonts(): void {
  for (const font of WEB_FONTS) register(font);
}

/** Loads the fonts' faces now; a face that fails to load leaves its fallback, as a reader would see. */
export async function loadWebFonts(fonts: readonly string[]): Promise<void> {
  await Promise.all(fonts.flatMap((font) => register(font).map((face) => face.load().catch(() => face))));
}

/** Loads the web fonts a view uses whenever that set changes. */
export function useWebFonts(fonts: readonly string[]): void {
  const key = fonts.join('|');
  useEffect(() => {
    if (key !== '') void loadWebFonts(key.split('|'));
  }, [key]);
}

// The primary fonts the font pickers offer (spec 2 §9: about 85 to 90 families, among them
// Arial, Georgia, Inter, Lato, Montserrat, Open Sans, Roboto and Times New Roman). The spec's
// picker asks a third-party font service sorted by popularity; the app works offline, so it
// ships this list: the email-safe system families first, then popular web families (all on
// Google Fonts), alphabetically. An email links the web fonts it uses (mj-font), which only
// some mail clients load (WEB_FONT_CLIENTS); other readers get the fallback font
// (FALLBACK_FONTS), then the font's generic family (genericFamilyOf).

/**
 * The reader's own system interface font (San Francisco on Apple devices, Segoe UI on
 * Windows, Roboto on Android): the modern default of new letters (issue 37). Not a family
 * name but a stack (SYSTEM_UI_STACK), Segoe UI first because Outlook for Windows reads only
 * the first family and falls back to Times New Roman when it lacks it.
 */
export const SYSTEM_UI_FONT = 'System UI';
export const SYSTEM_UI_STACK = ['Segoe UI', '-apple-system', 'BlinkMacSystemFont', 'Roboto', 'Helvetica Neue', 'Helvetica', 'Arial'] as const;

export const SYSTEM_FONTS = [
  SYSTEM_UI_FONT,
  'Arial',
  'Arial Black',
  'Book Antiqua',
  'Calibri',
  'Cambria',
  'Century Gothic',
  'Comic Sans MS',
  'Courier New',
  'Garamond',
  'Georgia',
  'Helvetica',
  'Impact',
  'Lucida Console',
  'Lucida Sans Unicode',
  'Palatino Linotype',
  'Segoe UI',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Verdana',
] as const;

export const WEB_FONTS = [
  'Abril Fatface',
  'Alegreya',
  'Alegreya Sans',
  'Anton',
  'Archivo',
  'Arimo',
  'Arvo',
  'Asap',
  'Barlow',
  'Bebas Neue',
  'Bitter',
  'Cabin',
  'Cairo',
  'Caveat',
  'Cormorant Garamond',
  'Crimson Text',
  'DM Sans',
  'DM Serif Display',
  'Dancing Script',
  'Dosis',
  'EB Garamond',
  'Exo 2',
  'Fira Sans',
  'Heebo',
  'IBM Plex Sans',
  'IBM Plex Serif',
  'Inconsolata',
  'Inter',
  'Josefin Sans',
  'Kanit',
  'Karla',
  'Lato',
  'Libre Baskerville',
  'Libre Franklin',
  'Lora',
  'Manrope',
  'Merriweather',
  'Merriweather Sans',
  'Montserrat',
  'Mukta',
  'Mulish',
  'Noto Sans',
  'Noto Serif',
  'Nunito',
  'Nunito Sans',
  'Open Sans',
  'Oswald',
  'Outfit',
  'Oxygen',
  'Pacifico',
  'Playfair Display',
  'Poppins',
  'PT Sans',
  'PT Serif',
  'Quicksand',
  'Raleway',
  'Roboto',
  'Roboto Condensed',
  'Roboto Mono',
  'Roboto Slab',
  'Rubik',
  'Source Code Pro',
  'Source Sans 3',
  'Source Serif 4',
  'Space Grotesk',
  'Titillium Web',
  'Ubuntu',
  'Work Sans',
] as const;

export const PRIMARY_FONTS: readonly string[] = [...SYSTEM_FONTS, ...WEB_FONTS];

/** The CSS generic family a stack ends with, so a reader without any named font still gets the right kind. */
export type GenericFamily = 'serif' | 'sans-serif' | 'monospace';

/** Families of the pickers (primary and fallback) that are serif or monospace; every other known one is sans-serif. */
const SERIF_FONTS = [
  'Book Antiqua', 'Cambria', 'Garamond', 'Georgia', 'Palatino Linotype', 'Times New Roman', 'Baskerville', 'Platino',
  'Abril Fatface', 'Alegreya', 'Arvo', 'Bitter', 'Cormorant Garamond', 'Crimson Text', 'DM Serif Display', 'EB Garamond',
  'IBM Plex Serif', 'Libre Baskerville', 'Lora', 'Merriweather', 'Noto Serif', 'Playfair Display', 'PT Serif', 'Roboto Slab',
  'Source Serif 4',
];
const MONOSPACE_FONTS = ['Courier New', 'Lucida Console', 'Inconsolata', 'Roboto Mono', 'Source Code Pro'];

const lower = (names: readonly string[]) => new Set(names.map((name) => name.toLowerCase()));
const SERIF = lower(SERIF_FONTS);
const MONOSPACE = lower(MONOSPACE_FONTS);
const KNOWN = lower([...SYSTEM_FONTS, ...WEB_FONTS, 'Baskerville', 'Courier new', 'Platino']);
const SYSTEM_UI = SYSTEM_UI_FONT.toLowerCase();
const WEB = new Map(WEB_FONTS.map((name) => [name.toLowerCase(), name] as const));

/** The generic family of a font the pickers know (any case), null for one they do not. */
export function genericFamilyOf(font: string): GenericFamily | null {
  const key = font.trim().toLowerCase();
  if (!KNOWN.has(key)) return null;
  if (SERIF.has(key)) return 'serif';
  if (MONOSPACE.has(key)) return 'monospace';
  return 'sans-serif';
}

/** The families a picker font stands for: the system stack for System UI (any case), else the font itself. */
export function familiesOf(font: string): readonly string[] {
  return font.trim().toLowerCase() === SYSTEM_UI ? SYSTEM_UI_STACK : [font];
}

/** A font mail clients have only when the email links it (any case). */
export function isWebFont(font: string): boolean {
  return WEB.has(font.trim().toLowerCase());
}

/** The web font's name as listed, e.g. 'Open Sans' for 'open sans'; null for any other font. */
export function webFontName(font: string): string | null {
  return WEB.get(font.trim().toLowerCase()) ?? null;
}

/** Web fonts with one weight only: asking Google Fonts for a bold one fails the whole request. */
const SINGLE_WEIGHT = lower(['Abril Fatface', 'Anton', 'Bebas Neue', 'DM Serif Display', 'Pacifico']);

/**
 * The web font's public stylesheet (Google Fonts' css2 API, regular and bold), null for a
 * font that is not a web font. MJML also writes the address into a CSS @import as an
 * unquoted url(), so it has one query parameter (an `&amp;` would not be read as `&`
 * there) and its `;` is percent-encoded (CSS parsers in mail clients end the rule there).
 */
export function webFontStylesheetUrl(font: string): string | null {
  const name = webFontName(font);
  if (!name) return null;
  const family = name.replace(/ /g, '+');
  return `https://fonts.googleapis.com/css2?family=${family}${SINGLE_WEIGHT.has(name.toLowerCase()) ? '' : ':wght@400%3B700'}`;
}

/** The mail clients that load a linked web font (caniemail: `<link>`/@font-face), as the font picker names them. */
export const WEB_FONT_CLIENTS = 'Apple Mail, iOS, Outlook for Mac, Gmail on Android';

/** The primary fonts in the pickers' groups: the ones every reader has, then the web fonts. */
export const FONT_GROUPS: readonly { group: string; items: readonly string[] }[] = [
  { group: 'Safe everywhere', items: SYSTEM_FONTS },
  { group: `Web fonts (${WEB_FONT_CLIENTS})`, items: WEB_FONTS },
];

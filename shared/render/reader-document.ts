import type { LetterSettings } from '../model';
import { isTransparentColor, safeColor } from './css';
import type { RenderChannel } from './types';

// What the document around a letter tells the reader's mail client: its language, that it
// was made for light and dark modes, and what changes in dark mode.

/** The letter's page when its body colour is left transparent: a dark mode canvas must not show through. */
export const PAGE_BACKGROUND_FALLBACK = '#ffffff';
/** The page around the letter in dark mode, when the letter paints its own column. */
export const DARK_PAGE_BACKGROUND = '#121212';
/** The 'View in browser' line's words on that dark page. */
export const DARK_PAGE_TEXT = '#c8ccd0';

/** BCP 47 tags of the footer languages: letters spell Spanish 'sp'. */
const LANGUAGE_TAGS = { en: 'en', sp: 'es' } as const;

/** The document's `lang`: the channel's language, English without a channel. */
export function documentLanguage(channel: RenderChannel | null): string {
  return LANGUAGE_TAGS[channel?.footerLanguage ?? 'en'];
}

/**
 * Both colour schemes declared: Apple Mail (macOS, iOS) then shows the letter's own colours
 * and applies the dark-mode rules below instead of adjusting colours itself; Outlook.com
 * and the Gmail apps recolour on their own whatever is declared.
 */
export function readerHeadMeta(): string {
  return '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">';
}

/** The body colour, painted even when the editor left it transparent. */
export function letterPageBackground(settings: LetterSettings): string {
  const colour = safeColor(settings.backgroundColorBody, '');
  return isTransparentColor(colour) ? PAGE_BACKGROUND_FALLBACK : colour;
}

/**
 * The dark-mode rules. The letter's column keeps the colours its editor chose, which were
 * chosen to be read together (inverting them would break a brand's palette and images made
 * for a light background). Only the page around it goes dark, and only when the letter
 * paints its own column: with a transparent block background the sections show the page,
 * whose text colours were chosen against the light page, so it stays light.
 */
export function darkModeStyles(settings: LetterSettings): string {
  const root = ':root { color-scheme: light dark; supported-color-schemes: light dark; }';
  if (isTransparentColor(safeColor(settings.backgroundColor, ''))) return root;
  return [
    root,
    '@media (prefers-color-scheme: dark) {',
    // MJML paints the body's colour on the body and on its one wrapper div.
    `  body, .ld-page, .ld-page > div { background-color: ${DARK_PAGE_BACKGROUND} !important; }`,
    `  .ld-view-in-browser div, .ld-view-in-browser a { color: ${DARK_PAGE_TEXT} !important; }`,
    '}',
  ].join('\n');
}

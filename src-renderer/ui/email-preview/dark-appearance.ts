import { formatColour, invertLightness, parseColour } from './colour-values';

// The preview as a mail client's dark mode shows the letter. Chromium gives a frame's
// document the app's colour-scheme preference, not the frame element's `color-scheme`
// (checked in Chromium 150), so each appearance is made by rewriting the email's HTML.
// docs/decisions.md "Dark-mode preview" says what each one simulates and where it stops.

export type PreviewAppearance = 'light' | 'appleMailDark' | 'gmailDark';

export const PREVIEW_APPEARANCES: readonly { value: PreviewAppearance; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'appleMailDark', label: 'Apple Mail dark' },
  { value: 'gmailDark', label: 'Gmail dark' },
];

export function isPreviewAppearance(value: unknown): value is PreviewAppearance {
  return PREVIEW_APPEARANCES.some((appearance) => appearance.value === value);
}

/** Apple Mail's dark window and Gmail's dark page: what shows around and behind the email. */
export const APPEARANCE_CANVAS: Record<PreviewAppearance, string> = {
  light: '#ffffff',
  appleMailDark: '#1e1e1e',
  gmailDark: '#121212',
};

/** Appended to the head, so it comes after the email's own rules. */
function withHeadStyle(html: string, css: string): string {
  const style = `<style data-preview-appearance="">${css}</style>`;
  return /<\/head>/i.test(html) ? html.replace(/<\/head>/i, `${style}</head>`) : style + html;
}

function mapStyleElements(html: string, map: (css: string) => string): string {
  return html.replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi, (_, open: string, css: string, close: string) => open + map(css) + close);
}

/** The email says it was made for dark mode too (the color-scheme meta or CSS property). */
export function declaresDarkScheme(html: string): boolean {
  const meta = /<meta\b[^>]*name=["']?(?:supported-)?color-scheme["']?[^>]*>/gi;
  return [...html.matchAll(meta)].some(([tag]) => /content=["'][^"']*\bdark\b/i.test(tag)) || /(?<![\w-])color-scheme\s*:[^;}]*\bdark\b/i.test(html);
}

/**
 * Apple Mail in dark mode: an email that declares both schemes keeps the colours its
 * author chose, gets the dark page and text of a dark document for what it left unset,
 * and its `prefers-color-scheme: dark` rules apply (light ones no longer do). An email
 * declaring only light is shown as it is.
 */
export function appleMailDark(html: string): string {
  if (!declaresDarkScheme(html)) return html;
  const rewritten = mapStyleElements(html, (css) =>
    css
      // A feature that always holds for a drawn frame, and one that never does.
      .replace(/\(\s*prefers-color-scheme\s*:\s*dark\s*\)/gi, '(min-width: 0px)')
      .replace(/\(\s*prefers-color-scheme\s*:\s*light\s*\)/gi, '(max-width: 0px)'),
  );
  return withHeadStyle(rewritten, ':root { color-scheme: dark !important; }');
}

/** Properties whose value can hold a colour; images (url()) in them are left alone. */
const COLOUR_PROPERTY = /^(color|background(-color)?|border(-(top|right|bottom|left))?(-color)?|outline(-color)?|text-decoration(-color)?|column-rule(-color)?|caret-color|fill|stroke)$/i;
const COLOUR_TOKEN = /#[0-9a-f]{3,8}\b|(?:rgba?|hsla?)\([^)]*\)|\b[a-z]+\b/gi;

function recolourValue(value: string): string {
  return value
    .split(/(url\([^)]*\))/i)
    .map((part, i) => (i % 2 === 1 ? part : part.replace(COLOUR_TOKEN, (token) => {
      const colour = parseColour(token);
      return colour ? formatColour(invertLightness(colour)) : token;
    })))
    .join('');
}

/** Every colour in the declarations of a style attribute or a style sheet, recoloured. */
export function recolourDeclarations(css: string): string {
  return css.replace(/(^|[;{\s])([a-z-]+)(\s*:\s*)([^;{}]*)/gi, (whole, before: string, property: string, colon: string, value: string) =>
    COLOUR_PROPERTY.test(property) ? before + property + colon + recolourValue(value) : whole,
  );
}

/**
 * Gmail's apps in dark mode: every colour of the email is turned over (light backgrounds
 * dark, dark text light, dark backgrounds light), images are kept as they are, and the
 * email's own dark-mode rules are ignored (the frame stays in the light scheme, so they never
 * apply). Text without a colour of its own is the inverted black.
 */
export function gmailDark(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.querySelectorAll('[style]')) element.setAttribute('style', recolourDeclarations(element.getAttribute('style') ?? ''));
  for (const element of doc.querySelectorAll('[bgcolor], [color]')) {
    for (const name of ['bgcolor', 'color']) {
      const value = element.getAttribute(name);
      if (value !== null) element.setAttribute(name, recolourValue(value));
    }
  }
  for (const style of doc.querySelectorAll('style')) style.textContent = recolourDeclarations(style.textContent ?? '');
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html)?.[0] ?? '<!doctype html>';
  const recoloured = `${doctype}\n${doc.documentElement.outerHTML}`;
  const page = formatColour(invertLightness({ r: 255, g: 255, b: 255, a: 1 }));
  const ink = formatColour(invertLightness({ r: 0, g: 0, b: 0, a: 1 }));
  return withHeadStyle(recoloured, `html { background-color: ${page}; color: ${ink}; }`);
}

/** The email's HTML as the chosen appearance shows it. */
export function withAppearance(html: string, appearance: PreviewAppearance): string {
  if (appearance === 'appleMailDark') return appleMailDark(html);
  if (appearance === 'gmailDark') return gmailDark(html);
  return html;
}

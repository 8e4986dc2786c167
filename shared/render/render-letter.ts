import type { LetterSettings, Section } from '../model';
import { DESKTOP_WIDTH_MAX, MOBILE_WIDTH_MIN, effectiveMobileWidth } from '../model';
import { webFontStylesheetUrl } from '../model/fonts';
import { usedWebFonts } from '../model/used-web-fonts';
import { clamp, css, fontSizePx, fontStack, lineHeight, px, safeColor, sidesPx } from './css';
import { escapeHtml } from './escape';
import { mjElement } from './mjml';
import { darkModeStyles, documentLanguage, letterPageBackground, readerHeadMeta } from './reader-document';
import { viewInBrowserSection } from './view-in-browser';
import { phoneStackingRules } from './phone-stacking';
import { linkStyle } from './rich-text';
import { letterWidth, renderSection } from './render-section';
import type { RenderContext } from './types';

// A letter to MJML: the head (breakpoint, the letter's styles as element defaults, link
// styles, the mobile rules) and one body section per section. Nothing here reads a clock
// or a random source, so the same input always gives the same MJML.

/** What a whole letter renders with; the letter's settings come separately. */
export type LetterContext = Omit<RenderContext, 'settings' | 'contentWidth'>;

export interface LetterRenderInput {
  settings: LetterSettings;
  sections: readonly Section[];
  context: LetterContext;
  /** The subject, used as the document title. */
  title?: string;
  /** The preview text: the hidden preheader inboxes show after the subject. */
  preview?: string;
}

/** The document title when the letter has no subject yet: MJML wants a non-empty one. */
export const UNTITLED_LETTER = 'Newsletter';

export interface LetterShell {
  /** `<mjml><mj-head>…</mj-head><mj-body …>` */
  open: string;
  /** `</mj-body></mjml>` */
  close: string;
}

export function renderContextOf(input: Pick<LetterRenderInput, 'settings' | 'context'>): RenderContext {
  const ctx: RenderContext = { ...input.context, settings: input.settings, contentWidth: 0 };
  return { ...ctx, contentWidth: letterWidth(ctx) };
}

/** The letter's mobile width: the screen the composer's mobile preview shows it on, in px. */
export function mobileWidth(settings: LetterSettings): number {
  return Math.round(clamp(effectiveMobileWidth(settings), MOBILE_WIDTH_MIN, DESKTOP_WIDTH_MAX));
}

/**
 * Screens this wide or narrower get the phone layout (stacked columns) at the least: MJML's
 * own breakpoint, 480 px, above every phone held upright (375–430 px CSS wide), below the
 * 600 px desktop width minimum.
 */
export const STACKED_LAYOUT_MIN_WIDTH = 479;

/**
 * The widest screen that gets the phone layout, in px: the mobile width, but never less
 * than STACKED_LAYOUT_MIN_WIDTH. The default mobile width (320) is the preview's screen
 * width, not a breakpoint: taken as one, a 375 px phone got the desktop columns.
 */
export function stackedLayoutMaxWidth(settings: LetterSettings): number {
  return Math.max(mobileWidth(settings), STACKED_LAYOUT_MIN_WIDTH);
}

/**
 * Element defaults from the letter's settings (TEXT p style, BLOCK padding, IMAGE,
 * BUTTON and DIVIDER styles). Blocks write their own values where they have them; these
 * fill what a block leaves unset.
 */
function attributeDefaults(settings: LetterSettings): string {
  const p = settings.text.p;
  const padding = sidesPx(settings.padding);
  const text = {
    'font-family': fontStack(p.font, p.fontFallback),
    'font-size': fontSizePx(p.fontSize),
    'line-height': lineHeight(p.lineHeight),
    color: safeColor(p.color, '#000000'),
    align: p.alignment,
    padding,
  };
  const { buttons, dividers, images } = settings;
  return [
    mjElement('mj-text', text),
    mjElement('mj-table', text),
    mjElement('mj-image', { align: images.alignment === 'full width' ? 'center' : images.alignment, padding }),
    mjElement('mj-button', {
      'background-color': safeColor(buttons.color, '#1D2D4D'),
      color: safeColor(buttons.textColor, '#FFFFFF'),
      align: buttons.alignment,
      'border-radius': px(buttons.borderRadius),
      'font-family': fontStack(buttons.font, buttons.fallbackFont),
      'font-size': fontSizePx(buttons.fontSize),
      // A call to action reads as one in bold; MJML's own default is normal weight.
      'font-weight': 'bold',
      padding,
    }),
    mjElement('mj-divider', {
      'border-color': safeColor(dividers.color, '#000000'),
      'border-style': dividers.style,
      'border-width': px(dividers.thickness),
      padding,
    }),
  ].join('');
}

/**
 * Styles in the head: links everywhere follow the letter's link settings (rich text also
 * inlines them, for clients that drop head styles), and on phones images shrink to their
 * column.
 */
function headStyles(ctx: RenderContext, mobile: number): string {
  return [
    `a { ${linkStyle(ctx).replace(/;/g, '; ')}; }`,
    `@media only screen and (max-width:${mobile}px) { img { ${css({ 'max-width': '100% !important', height: 'auto !important' })}; } ${phoneStackingRules()} }`,
  ].join('\n');
}

/**
 * The document around the sections. The breakpoint is one pixel above the widest phone
 * screen (stackedLayoutMaxWidth), so MJML's phone media queries read `max-width:{that}px`.
 */
export function letterShell(input: Omit<LetterRenderInput, 'sections'> & Partial<Pick<LetterRenderInput, 'sections'>>): LetterShell {
  const ctx = renderContextOf(input);
  const { settings } = input;
  const mobile = stackedLayoutMaxWidth(settings);
  const title = input.title?.trim() || input.context.channel?.title.trim() || UNTITLED_LETTER;
  const preview = input.preview?.trim() ?? '';
  const head = [
    `<mj-title>${escapeHtml(title)}</mj-title>`,
    mjElement('mj-breakpoint', { width: `${mobile + 1}px` }),
    webFontElements(settings, input.sections ?? []),
    `<mj-attributes>${attributeDefaults(settings)}</mj-attributes>`,
    `<mj-style>${headStyles(ctx, mobile)}\n${darkModeStyles(settings)}</mj-style>`,
    `<mj-raw>${readerHeadMeta()}</mj-raw>`,
  ].join('');
  const body = mjElement('mj-body', {
    width: `${letterWidth(ctx)}px`,
    'background-color': letterPageBackground(settings),
    'css-class': 'ld-page',
  }, '');
  const lang = documentLanguage(ctx.channel);
  return {
    open: `<mjml lang="${lang}"><mj-head>${head}</mj-head>\n${body.slice(0, -'</mj-body>'.length)}\n${preheader(preview)}${viewInBrowserSection(ctx)}`,
    close: '\n</mj-body></mjml>\n',
  };
}

/**
 * An mj-font per web font the letter names: MJML links each one the HTML then uses, for the
 * clients that load web fonts; the others read the rest of the font stack. The head changes
 * only when the set of web fonts does (the incremental renderer compiles every section again then).
 */
function webFontElements(settings: LetterSettings, sections: readonly Section[]): string {
  return usedWebFonts(settings, sections)
    .map((font) => mjElement('mj-font', { name: font, href: webFontStylesheetUrl(font) }))
    .join('');
}

/** Zero-width spacers after the preview text: inbox previews stop there rather than running on into the body. */
export const PREHEADER_SPACERS = '&zwnj;&nbsp;'.repeat(100);

/**
 * The preview text as the hidden first element of the body. Not MJML's mj-preview, which
 * hides it with white 1px text: spam filters score text coloured like its background
 * (SpamAssassin's HTML_FONT_LOW_CONTRAST) and text in a 0–1px font (__FONT_INVIS). Hidden by
 * display and a zero box instead, mso-hide for Outlook.
 */
function preheader(preview: string): string {
  if (preview === '') return '';
  const style = 'display:none;max-height:0;max-width:0;opacity:0;overflow:hidden;mso-hide:all';
  return `<mj-raw><div style="${style}">${escapeHtml(preview)}${PREHEADER_SPACERS}</div></mj-raw>\n`;
}

/** Each section's MJML, '' for a section that shows nothing. */
export function renderSectionsMjml(input: LetterRenderInput): string[] {
  const ctx = renderContextOf(input);
  return input.sections.map((section) => renderSection(section, ctx));
}

/** Joins the shell and the sections' MJML, leaving out the empty ones. */
export function joinLetterMjml(shell: LetterShell, sectionsMjml: readonly string[]): string {
  return shell.open + sectionsMjml.filter((s) => s !== '').join('\n') + shell.close;
}

/** The whole letter as MJML. Deterministic: the same input always gives the same string. */
export function renderLetterMjml(input: LetterRenderInput): string {
  return joinLetterMjml(letterShell(input), renderSectionsMjml(input));
}

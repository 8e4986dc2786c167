import type { Letter } from '../model';
import { parseSections } from '../model';
import { compileMjml } from './compile';
import type { MjmlIssue } from './compile';
import { letterInsights } from './insights';
import type { InsightsOptions, LetterInsights } from './insights';
import { emptyTextBlockCount, emptyImageSlots } from './empty-text-blocks';
import { renderLetterMjml } from './render-letter';
import type { LetterRenderInput } from './render-letter';
import type { RenderContext } from './types';
import { withFooterLast } from '../model/section-order';

// Email rendering (issue 3): a letter to MJML, then HTML with the `mjml` package, plus the
// CONTENT CHECK insights. Used by the core (preview) and the platform server (sending);
// Node only, because compiling MJML is.

export type { BlockRenderer, ColumnsRenderer, RenderChannel, RenderContext } from './types';
export type { MjmlIssue } from './compile';
export type { IncrementalRenderResult, IncrementalRenderer } from './incremental';
export type { InsightsOptions, LetterInsights, EmailWeight } from './insights';
export { emptyTextBlockCount, emptyImageSlots } from './empty-text-blocks';
export type { LetterContext, LetterRenderInput } from './render-letter';
export type { LetterInputResult } from './letter-input';
export { compileMjml } from './compile';
export { createIncrementalRenderer } from './incremental';
export { EMAIL_WEIGHT_GOOD_MAX_KB, GMAIL_CLIP_KB, READING_WORDS_PER_MINUTE, letterInsights } from './insights';
export { parseLetterInput } from './letter-input';
export { renderLetterMjml } from './render-letter';
export { UnknownBlockTypeError, renderSection } from './render-section';
export { deltaToHtml } from './rich-text';

/** What rendering needs besides the letter itself. */
export type LetterRenderContext = Omit<RenderContext, 'settings' | 'contentWidth' | 'esp' | 'letterUniqueId'>;

export interface RenderedLetter {
  html: string;
  mjml: string;
  insights: LetterInsights;
  /** MJML validation problems; empty for every letter the model accepts (tested). */
  errors: MjmlIssue[];
}

/** The render input of a letter whose sections are already read. */
export function letterRenderInput(
  letter: Pick<Letter, 'settings' | 'esp' | 'uniqueId' | 'title' | 'subtitle'> & Partial<Pick<Letter, 'private'>>,
  sections: LetterRenderInput['sections'],
  context: LetterRenderContext,
): LetterRenderInput {
  return {
    settings: letter.settings,
    // Readers get the footer last, whatever order the sections arrived in.
    sections: withFooterLast(sections),
    context: { ...context, esp: letter.esp, letterUniqueId: letter.uniqueId, ...(letter.private ? { letterIsPrivate: true } : {}) },
    title: letter.title,
    preview: letter.subtitle,
  };
}

/** What the insights need besides the HTML: the platform's origin and the empty text blocks. */
export function insightsOptions(input: Pick<LetterRenderInput, 'sections' | 'context'>): InsightsOptions {
  return { platformUrl: input.context.platformUrl, emptyTextBlocks: emptyTextBlockCount(input.sections), emptyImageSlots: emptyImageSlots(input.sections) };
}

export async function renderLetterInput(input: LetterRenderInput): Promise<RenderedLetter> {
  const mjml = renderLetterMjml(input);
  const { html, errors } = await compileMjml(mjml);
  return { html, mjml, insights: letterInsights(html, insightsOptions(input)), errors };
}

/** Renders a stored letter. Throws a ZodError when its `blocks` are not a valid section list. */
export async function renderLetter(letter: Letter, context: LetterRenderContext): Promise<RenderedLetter> {
  return renderLetterInput(letterRenderInput(letter, parseSections(letter.blocks), context));
}

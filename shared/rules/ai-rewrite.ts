import type { RewritePrompt } from '../contract/platform-ai-rewrite';

// The AI rewrite assistant's rules and messages (spec 2 §4, §5, §8, §9), for the overlay,
// the core and the platform alike.

export const REWRITE_EMPTY_MESSAGE = 'We need some content to rewrite.';
export const REWRITE_FAILED_MESSAGE =
  'We ran into a problem rewriting this content. Please try again, or start a chat with support if you need some help.';
/**
 * What an editor asks for to turn the assistant on. Editors never read setting names; the
 * administrator's side (AI_BASE_URL, AI_MODEL, AI_API_KEY) is in the platform's docs.
 */
export const AI_SETUP_HINT =
  'Ask your administrator to connect an AI service to the platform: its address, the model to use, and an API key if the service needs one.';

/** Spec 2 §9: the long-text options are offered over this many characters. */
export const LONG_TEXT_PROMPT_MIN = 1000;

export const REWRITE_PROMPT_LABELS: Record<RewritePrompt, string> = {
  easierToRead: 'Easier to read',
  shorter: 'Shorter',
  moreFormal: 'More formal',
  moreCasual: 'More casual',
  morePersuasive: 'More persuasive',
  moreNeutral: 'More neutral',
  asList: 'Reformatted as a list',
  withSubheadings: 'Reformatted with subheadings',
};

export const DEFAULT_REWRITE_PROMPT: RewritePrompt = 'easierToRead';
const LONG_TEXT_PROMPTS: ReadonlySet<RewritePrompt> = new Set(['asList', 'withSubheadings']);

/** The prompts offered for a text: the long-text ones only when it is longer than 1000 characters. */
export function rewritePromptsFor(text: string): RewritePrompt[] {
  const long = text.trim().length > LONG_TEXT_PROMPT_MIN;
  return (Object.keys(REWRITE_PROMPT_LABELS) as RewritePrompt[]).filter((prompt) => long || !LONG_TEXT_PROMPTS.has(prompt));
}

/** Why this prompt cannot rewrite this text, or null when it can. */
export function rewriteRefusal(text: string, prompt: RewritePrompt): string | null {
  if (text.trim() === '') return REWRITE_EMPTY_MESSAGE;
  if (!rewritePromptsFor(text).includes(prompt)) return `'${REWRITE_PROMPT_LABELS[prompt]}' is offered only for texts longer than ${LONG_TEXT_PROMPT_MIN} characters.`;
  return null;
}

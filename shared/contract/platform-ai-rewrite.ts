import { z } from 'zod';
import { DeltaSchema } from '../model/delta';

// POST autopilot/rewrite (spec 2 §7): the AI assistant's rewrite of a paragraph section.
// Two call forms: a channel letter names its channel and organization; a company-level
// letter is flagged `companyLevel` instead. The answer is streamed as NDJSON, one event a
// line: the text as the model writes it, then the suggestion as a rich-text delta (or the
// reason it failed). Failures before the model is asked are ordinary JSON error answers.

export const REWRITE_PROMPTS = [
  'easierToRead',
  'shorter',
  'moreFormal',
  'moreCasual',
  'morePersuasive',
  'moreNeutral',
  'asList',
  'withSubheadings',
] as const;
export const RewritePromptSchema = z.enum(REWRITE_PROMPTS, { message: 'Choose how to rewrite the text.' });
export type RewritePrompt = z.infer<typeof RewritePromptSchema>;

/** The longest section text the assistant takes: a long article, well inside any model's context. */
export const REWRITE_CONTENT_MAX = 20_000;

const RewriteFields = {
  /** The section's plain text (spec 2 §7). */
  content: z.string().max(REWRITE_CONTENT_MAX, `The text to rewrite may not be greater than ${REWRITE_CONTENT_MAX} characters.`),
  /** The section's rich text: when given, its bold, italics and links are kept where the rewrite keeps the words. */
  delta: DeltaSchema.optional(),
  prompt: RewritePromptSchema,
};

export const ChannelRewriteRequestSchema = z.object({
  channel: z.string().trim().min(1).max(200),
  organization: z.string().trim().min(1).max(200),
  ...RewriteFields,
});
export const CompanyRewriteRequestSchema = z.object({
  companyLevel: z.literal(true),
  ...RewriteFields,
});
export const RewriteRequestSchema = z.union([CompanyRewriteRequestSchema, ChannelRewriteRequestSchema]);
export type RewriteRequest = z.infer<typeof RewriteRequestSchema>;

export const RewriteStreamEventSchema = z.discriminatedUnion('type', [
  /** A piece of the model's answer (markup, see shared/model/rewrite-markup.ts). */
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('done'), suggestion: DeltaSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type RewriteStreamEvent = z.infer<typeof RewriteStreamEventSchema>;

export const REWRITE_STREAM_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';

/** GET autopilot/status: whether the platform has an AI service to ask. */
export const AiStatusResponseSchema = z.object({ configured: z.boolean() });
export type AiStatusResponse = z.infer<typeof AiStatusResponseSchema>;

import { z } from 'zod';
import { DeltaSchema } from '../model/delta';
import { REWRITE_CONTENT_MAX, RewritePromptSchema } from './platform-ai-rewrite';

// The bridge channels and event of the AI assistant (`ai.*` in bridge.ts). The platform
// holds the model and its key; the core asks it and passes the answer on as it streams:
// `ai.rewrite` resolves with the suggestion, and meanwhile `ai.rewriteProgress` events
// carry the suggestion so far, tagged with the request's id.

export const aiChannels = {
  /** Whether the platform has an AI service; null when the platform cannot be asked (offline). */
  'ai.status': { input: z.object({}).strict(), output: z.object({ configured: z.boolean().nullable() }) },
  /**
   * Rewrites a paragraph section's text. A letter of the company channel uses the
   * company-level call form. `requestId` names the progress events and a cancel.
   */
  'ai.rewrite': {
    input: z.object({
      requestId: z.string().min(1).max(100),
      brandSlug: z.string().trim().min(1),
      channelSlug: z.string().trim().min(1),
      delta: DeltaSchema,
      content: z.string().max(REWRITE_CONTENT_MAX),
      prompt: RewritePromptSchema,
    }),
    output: z.object({ suggestion: DeltaSchema }),
  },
  /** The editor closed the overlay or asked again: the platform (and the model) stop. */
  'ai.cancelRewrite': { input: z.object({ requestId: z.string().min(1).max(100) }), output: z.object({ cancelled: z.boolean() }) },
} as const;

export const aiEvents = {
  /** The suggestion so far (read from the model's text as it streams). */
  'ai.rewriteProgress': z.object({ requestId: z.string(), suggestion: DeltaSchema }),
} as const;

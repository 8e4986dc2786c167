import { z } from 'zod';

// The spam check of the schedule step's CONTENT CHECK (issue 35): the platform runs the
// letter's email, built as a test send builds it, through SpamAssassin on its own host and
// answers the score and each rule that fired. Path in platform-api.ts (spamCheck).

/** SpamAssassin's own default `required_score`: at or above it, a mail server files the email as spam. */
export const SPAM_THRESHOLD_DEFAULT = 5;

// Editors read these: what to ask for, never a setting's name.
export const SPAMASSASSIN_MISSING_MESSAGE =
  "SpamAssassin is not installed on the platform's server, so the spam score cannot be checked. Ask your administrator to install it (Debian and Ubuntu: apt-get install spamassassin).";
export const SPAM_CHECK_FAILED_MESSAGE = 'The spam score could not be checked this time. Try again in a moment.';
export const SPAM_CHECK_BUSY_MESSAGE = 'The platform is checking other letters right now. Try again in a moment.';

/**
 * The schedule step's fields as the editor sees them: until 'Schedule' they live on the
 * editor's computer only (save-on-scheduling), so the check takes them with the request.
 */
export const SpamCheckRequestSchema = z.object({
  /** The subject (the letter's title); the stored one when absent. */
  subject: z.string().max(1000).optional(),
  /** The preview text (the hidden preheader); the stored one when absent. */
  previewText: z.string().max(1000).optional(),
});
export type SpamCheckRequest = z.infer<typeof SpamCheckRequestSchema>;

export const SpamRuleSchema = z.object({
  /** SpamAssassin's name of the rule, e.g. SUBJ_ALL_CAPS. */
  name: z.string(),
  /** The points it added (negative ones take points off). */
  score: z.number(),
  /** What it found, in plain words (SpamAssassin's own description when we have none). */
  description: z.string(),
  /** What to change; empty when there is nothing to do (informational rules). */
  advice: z.string(),
});
export type SpamRule = z.infer<typeof SpamRuleSchema>;

export const SpamCheckResponseSchema = z.object({
  /** False when the platform's server has no SpamAssassin: `message` says what to install. */
  available: z.boolean(),
  /** SpamAssassin's total; null when it could not be run. */
  score: z.number().nullable(),
  threshold: z.number(),
  /** The rules that fired, highest points first. */
  rules: z.array(SpamRuleSchema),
  /** Why there is no score, in words an editor can pass on. */
  message: z.string().optional(),
});
export type SpamCheckResponse = z.infer<typeof SpamCheckResponseSchema>;

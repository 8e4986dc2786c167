import { z } from 'zod';
import { AutomationSettingsSchema } from '../model/automation';

// What an automated template has done and does next (issue 32), for the template's
// configured view: `GET channels/{channelId}/letters/{id}/automation` (not in the spec).

export const AutomationRunSchema = z.object({
  /** When the run was due (ISO 8601). */
  runAt: z.string(),
  outcome: z.enum(['sent', 'skipped']),
  /** The edition the run made: a letter of its own, with its own report; null when skipped. */
  letterId: z.number().int().nullable(),
  /** Why a run was skipped; empty for a sent one. */
  message: z.string(),
});
export type AutomationRun = z.infer<typeof AutomationRunSchema>;

export const TemplateAutomationSchema = z.object({
  /** The trigger as configured; absent when the template has none. */
  automation: AutomationSettingsSchema.optional(),
  /** Activated (template configured, 9) and running. */
  active: z.boolean(),
  /** An active recurring template's next run (ISO 8601); null otherwise. */
  nextRunAt: z.string().nullable(),
  /** An active new-subscriber template: it is sent to each subscriber who joins from now on. */
  waitsForNewSubscribers: z.boolean(),
  /** Emails the template has sent: its welcomes, or every edition's emails for a recurring one. */
  sentCount: z.number().int().nonnegative(),
  /** Welcomes owed and not yet sent (their delay not over, or on their way). */
  waitingCount: z.number().int().nonnegative(),
  /** A recurring template's latest runs, newest first (at most 20). */
  runs: z.array(AutomationRunSchema),
});
export type TemplateAutomation = z.infer<typeof TemplateAutomationSchema>;

export const AUTOMATION_MESSAGES = {
  notTemplate: 'Only a template runs by itself; a letter is scheduled instead.',
  subject: 'The email subject is required.',
  previewText: 'The preview text is required.',
  audience: 'Choose an audience.',
  iterable: 'Templates of the Iterable provider cannot run on the platform yet.',
  activationRefused: 'Please fill out the required fields to activate the template.',
  /** A skipped run says why. */
  skippedEmpty: 'Skipped: every dynamic block (Curations, RSS, WordPress) came back empty.',
} as const;

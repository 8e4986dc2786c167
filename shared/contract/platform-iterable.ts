import { z } from 'zod';

// The organization's Iterable integration (issue 32): its API key, set and removed by owners
// and admins on Settings → Integrations, sealed at rest and shown back only by its ending.
// platformPaths.iterableIntegration(brand): GET, PUT { apiKey }, DELETE.

export const IterableIntegrationSchema = z.object({
  kind: z.literal('iterable'),
  configured: z.boolean(),
  /** The key's last four characters ("Saved, ending in 1a2b"); null when none is stored. */
  keyEnding: z.string().nullable(),
  updatedAt: z.string().nullable(),
  /** Whether the one asking may change it (owners and admins). */
  canManage: z.boolean(),
});
export type IterableIntegration = z.infer<typeof IterableIntegrationSchema>;

export const SaveIterableIntegrationSchema = z.object({
  apiKey: z
    .string()
    .trim()
    .min(1, 'Enter your Iterable API key.')
    .max(200, 'An Iterable API key has no more than 200 characters.')
    .regex(/^\S+$/, 'An Iterable API key has no spaces.'),
});
export type SaveIterableIntegration = z.infer<typeof SaveIterableIntegrationSchema>;

export const ITERABLE_KEY_MANAGERS_ONLY = 'Only owners and admins of the organization can change its Iterable API key.';

/** Scheduling (or sending now) an Iterable letter while the organization has no key. */
export const ITERABLE_KEY_REQUIRED_MESSAGE = 'Add your Iterable API key in Settings → Integrations before scheduling an Iterable letter.';

/** The key was removed between scheduling and the send: the letter goes back to draft saying so. */
export const ITERABLE_KEY_MISSING_AT_SEND_MESSAGE =
  'This letter was not sent: the organization has no Iterable API key any more. Add it in Settings → Integrations and schedule the letter again.';

/** Iterable refused the send (a bad key, a refused payload): back to draft with Iterable's own words. */
export function iterableSendFailedMessage(iterableWords: string): string {
  return `This letter was not sent: Iterable answered “${iterableWords}”.`;
}

/** A run found the campaign asked for but not answered (a crash mid-call): sending again could send twice. */
export const ITERABLE_CAMPAIGN_UNCERTAIN_MESSAGE =
  'This letter may have been sent by Iterable: the platform stopped while Iterable was creating its campaign. Check the campaign in Iterable before scheduling it again.';

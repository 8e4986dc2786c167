import { z } from 'zod';

// The platform's bounce webhook: an email service provider (or a relay in front of one)
// tells the platform that an email came back. Not called by the app. The shared secret is
// the platform's BOUNCE_WEBHOOK_SECRET setting, sent in BOUNCE_WEBHOOK_SECRET_HEADER.

export const BOUNCE_WEBHOOK_PATH = '/api/webhooks/bounces';
export const BOUNCE_WEBHOOK_SECRET_HEADER = 'x-letterdesk-webhook-secret';

/** At most this many events in one call. */
export const BOUNCE_WEBHOOK_MAX_EVENTS = 1000;

export const BOUNCE_WEBHOOK_NOT_CONFIGURED_MESSAGE = 'The bounce webhook is not configured on this platform.';
export const BOUNCE_WEBHOOK_WRONG_SECRET_MESSAGE = 'The webhook secret is missing or wrong.';

/**
 * One bounce. `recipientToken` is the X-Letterdesk-Recipient header of the email that came
 * back (it names the letter and the reader); without it, `email` names every subscriber
 * with that address and no letter. `hard`: the address does not work (suppressed from
 * later sends); `soft`: this email did not arrive, the address may work later.
 */
export const BounceEventSchema = z
  .object({
    email: z.email().max(320).optional(),
    recipientToken: z
      .string()
      .regex(/^[0-9a-f]{40}$/, 'A recipient token is the 40 hex digits of the X-Letterdesk-Recipient header.')
      .optional(),
    type: z.enum(['hard', 'soft']),
    reason: z.string().max(1000).default(''),
  })
  .refine((event) => event.email !== undefined || event.recipientToken !== undefined, {
    message: 'Give the email address or the recipient token.',
    path: ['email'],
  });
export type BounceEvent = z.output<typeof BounceEventSchema>;

/** One event, or a list of them. */
export const BounceWebhookRequestSchema = z.union([BounceEventSchema, z.array(BounceEventSchema).min(1).max(BOUNCE_WEBHOOK_MAX_EVENTS)]);
export type BounceWebhookRequest = z.input<typeof BounceWebhookRequestSchema>;

export const BounceWebhookResponseSchema = z.object({
  /** Events that named a recipient or a subscriber of the platform, and were written down. */
  recorded: z.number().int().nonnegative(),
  /** Events that named no one the platform knows: nothing changed for them. */
  unknown: z.number().int().nonnegative(),
});
export type BounceWebhookResponse = z.infer<typeof BounceWebhookResponseSchema>;

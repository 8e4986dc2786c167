import { z } from 'zod';
import { int4 } from '../model/column-ranges';
import { PreviewInsightsSchema } from './bridge';

// Payloads of the calls that render a letter on the platform and send it as a test
// (spec 1 §7 generate-preview, sendTestEmail and /test) and of the local mailbox that
// keeps test emails when the platform has no SMTP server. Paths are in platform-api.ts.

/** Spec 1 §8 "Preview empty": the letter's blocks cannot be rendered. */
export const PREVIEW_UNAVAILABLE_MESSAGE = 'Sorry, we were unable to fetch the letter template';
/** Spec 1 §8 "Test email". */
export const TEST_SENT_MESSAGE = 'Test sent. It should arrive in a jiffy.';
export const TEST_EMAIL_REQUIRED_MESSAGE = 'Enter an email address to send the test to.';
export const TEST_EMAIL_INVALID_MESSAGE = 'Enter a valid email address.';
// Editors read it: what to ask for, not the setting's name (SMTP_URL).
export const LOCAL_MAILBOX_NOTE = 'Not sent: this platform has no outgoing mail server yet, so the email went to the Local mailbox. Ask your administrator to connect an SMTP server.';
// The composer hides Send a Test Email for these (spec 1 §2 Overlays); the platform says why
// when it is asked anyway.
export const COMPANY_TEST_REFUSED_MESSAGE =
  'Test emails are not sent for company letters: their footer and logo are placeholders until a channel sends them, so a test would not show what subscribers get.';
export const ITERABLE_TEST_REFUSED_MESSAGE =
  "Test emails for Iterable letters are sent from Iterable: their unsubscribe link and snippets are Iterable's own merge tags, which only Iterable fills.";

/** The most promotions one preview fills (a letter has a handful of zones). */
export const PREVIEW_PROMOTIONS_MAX = 50;

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

/**
 * A promotion scheduled for the letter's send date, as the schedule step holds it (spec 1
 * §3 "Promotion as used by the schedule step"; the collateral's own field names are read
 * too). It fills the promotion block of its zone, or a legacy block of its ad type.
 */
export const PreviewPromotionSchema = z
  .looseObject({
    zone: z.number().int().positive().nullish(),
    adTypeId: int4().nullish(),
    heading: text,
    headline: text,
    content: text,
    image: text,
    promoterImage: text,
    imageAlternativeText: text,
    promoterImageAlternativeText: text,
    callToAction: text,
    callToActionUrl: text,
    promoterDisplayName: text,
  })
  .refine((promotion) => promotion.zone != null || promotion.adTypeId != null, {
    message: 'A promotion needs its zone or its ad type.',
  });
export type PreviewPromotion = z.output<typeof PreviewPromotionSchema>;

const PROMOTIONS_SHAPE_MESSAGE = 'Promotions must be the JSON text of a list of promotions.';

/** `promotions` travels as JSON text (spec 1 §7); a list is accepted as well. */
export const PreviewPromotionsSchema = z
  .unknown()
  .transform((value, ctx): unknown => {
    if (Array.isArray(value)) return value;
    if (typeof value === 'string') {
      if (value.trim() === '') return [];
      try {
        return JSON.parse(value);
      } catch {
        // Falls through to the issue below.
      }
    }
    ctx.addIssue({ code: 'custom', message: PROMOTIONS_SHAPE_MESSAGE });
    return z.NEVER;
  })
  .pipe(z.array(PreviewPromotionSchema, { error: PROMOTIONS_SHAPE_MESSAGE }).max(PREVIEW_PROMOTIONS_MAX));

export const GeneratePreviewRequestSchema = z.object({
  /** The sections to render (JSON text, or the list itself); the stored ones when absent. */
  blocks: z
    .union([z.string(), z.array(z.unknown())])
    .nullish()
    .transform((value) => (value == null ? undefined : typeof value === 'string' ? value : JSON.stringify(value))),
  promotions: PreviewPromotionsSchema.nullish().transform((value) => value ?? []),
  /** The letter's id or uniqueId; when sent it must name the letter in the path. */
  letterId: z.union([int4(), z.string().min(1).max(64)]).nullish(),
});
export type GeneratePreviewRequest = z.input<typeof GeneratePreviewRequestSchema>;

export const GeneratePreviewResponseSchema = z.object({
  data: z.object({
    emailTemplate: z.string(),
    insights: PreviewInsightsSchema,
    settings: z.object({ esp_template_id: z.string().nullable() }),
  }),
});
export type GeneratePreviewResponse = z.infer<typeof GeneratePreviewResponseSchema>;

export const TestEmailRequestSchema = z.object({
  toEmail: z
    .string({ error: TEST_EMAIL_REQUIRED_MESSAGE })
    .trim()
    // One message per field: an empty address is missing, not also malformed.
    .min(1, { error: TEST_EMAIL_REQUIRED_MESSAGE, abort: true })
    .max(254, { error: TEST_EMAIL_INVALID_MESSAGE, abort: true })
    .email(TEST_EMAIL_INVALID_MESSAGE),
});
export type TestEmailRequest = z.infer<typeof TestEmailRequestSchema>;

export const TestEmailResponseSchema = z.object({
  message: z.string(),
  /** False when the platform has no SMTP server: the email is in the local mailbox instead. */
  sent: z.boolean(),
  /** Why it was not sent, for the composer to show beside the message; null when sent. */
  note: z.string().nullable(),
});
export type TestEmailResponse = z.infer<typeof TestEmailResponseSchema>;

// The local mailbox's schemas live in their own file, so the bridge contract can use them
// without importing this one (which imports the bridge).
export {
  LocalMailboxMessageSchema,
  LocalMailboxPreviewSchema,
  LocalMailboxResponseSchema,
  type LocalMailboxMessage,
  type LocalMailboxPreview,
  type LocalMailboxResponse,
} from './local-mailbox';

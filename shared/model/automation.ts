import { z } from 'zod';
import { PublicationEvent } from './publication';

// When an active template is sent (issue 32; spec 1 §1 "templates used for automation",
// §4 publication types): to each new subscriber of its channel after an optional delay
// (publication type 1), or on a schedule on the channel's clock (publication type 3).
// Set by the template's configure step (save-on-scheduling in template configure), kept
// with the letter (`automation`), and started by Activate.

export const AUTOMATION_DELAY_UNITS = ['minutes', 'hours', 'days'] as const;
export type AutomationDelayUnit = (typeof AUTOMATION_DELAY_UNITS)[number];

/** The longest delay a welcome may wait, in each unit: a year. */
export const AUTOMATION_DELAY_MAX: Record<AutomationDelayUnit, number> = { minutes: 525_600, hours: 8_760, days: 365 };

export const AUTOMATION_FIELD_MESSAGES = {
  delayAmount: 'Enter a whole number, 0 for at once.',
  delayTooLong: 'A welcome can wait a year at most.',
  dayOfMonth: 'Choose a day of the month from 1 to 31.',
} as const;

export const AutomationDelaySchema = z
  .object({
    amount: z
      .number({ error: AUTOMATION_FIELD_MESSAGES.delayAmount })
      .int(AUTOMATION_FIELD_MESSAGES.delayAmount)
      .min(0, AUTOMATION_FIELD_MESSAGES.delayAmount)
      .max(AUTOMATION_DELAY_MAX.minutes, AUTOMATION_FIELD_MESSAGES.delayTooLong),
    unit: z.enum(AUTOMATION_DELAY_UNITS),
  })
  .refine((delay) => delay.amount <= AUTOMATION_DELAY_MAX[delay.unit], { message: AUTOMATION_FIELD_MESSAGES.delayTooLong, path: ['amount'] });
export type AutomationDelay = z.infer<typeof AutomationDelaySchema>;

/** 'HH:mm', 24-hour, on the channel's clock. */
export const AutomationTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the format HH:mm (00:00 to 23:59).');

/** 0 = Sunday … 6 = Saturday, as dayjs counts them. */
export const WeekdaySchema = z.number().int().min(0).max(6);

export const RecurrenceSchema = z.discriminatedUnion('frequency', [
  z.object({ frequency: z.literal('daily'), time: AutomationTimeSchema }),
  z.object({
    frequency: z.literal('weekly'),
    time: AutomationTimeSchema,
    weekdays: z
      .array(WeekdaySchema)
      .min(1, 'Choose at least one day of the week.')
      .max(7)
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  }),
  z.object({
    frequency: z.literal('monthly'),
    time: AutomationTimeSchema,
    /** 1–31; in a shorter month the run is on its last day. */
    dayOfMonth: z
      .number({ error: AUTOMATION_FIELD_MESSAGES.dayOfMonth })
      .int(AUTOMATION_FIELD_MESSAGES.dayOfMonth)
      .min(1, AUTOMATION_FIELD_MESSAGES.dayOfMonth)
      .max(31, AUTOMATION_FIELD_MESSAGES.dayOfMonth),
  }),
]);
export type Recurrence = z.infer<typeof RecurrenceSchema>;

export const AutomationSettingsSchema = z.discriminatedUnion('trigger', [
  z.object({ trigger: z.literal('newSubscriber'), delay: AutomationDelaySchema.default({ amount: 0, unit: 'minutes' }) }),
  z.object({ trigger: z.literal('recurring'), schedule: RecurrenceSchema }),
]);
export type AutomationSettings = z.infer<typeof AutomationSettingsSchema>;

/** The spec's publication type of a template with these settings. */
export function publicationEventOf(settings: AutomationSettings | null | undefined): number {
  if (!settings) return PublicationEvent.date;
  return settings.trigger === 'newSubscriber' ? PublicationEvent.newSubscriber : PublicationEvent.automation;
}

export function delayMilliseconds(delay: AutomationDelay): number {
  const unit = delay.unit === 'minutes' ? 60_000 : delay.unit === 'hours' ? 3_600_000 : 86_400_000;
  return delay.amount * unit;
}

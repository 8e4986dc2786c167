import { z } from 'zod';
import { daySchema } from '../model/calendar-day';
import { ActivityQuerySchema } from './platform-metrics';

// The metrics dashboards' calls (spec 1 §7 "Organization and channel metrics", spec 3
// "Metrics dashboards"): an organization's (brand's) or one channel's subscribers, letters
// and audience over a period. Paths: platformPaths.dashboard*, platformPaths.*LettersMetrics.
// Days are UTC calendar days; counts come from the rollups, never from scanning events.

export const ORGANIZATION_SLUG_REQUIRED_MESSAGE = 'Organization slug is required';
export const CHANNEL_SLUG_REQUIRED_MESSAGE = 'Channel slug is required';
export const DASHBOARD_DAY_MESSAGE = 'Use a date that exists, as YYYY-MM-DD';
export const DASHBOARD_RANGE_MESSAGE = 'The end date must be on or after the start date.';
export const DASHBOARD_PERIOD_MESSAGE = 'Choose a period of at most 366 days.';
export const DASHBOARD_CHANNEL_MESSAGE = 'This channel is not in the organization.';
/** Longest period (days, both ends included): the period buttons go up to 365. */
export const DASHBOARD_MAX_DAYS = 366;
export const DASHBOARD_LETTERS_PAGE_SIZE = 25;

const day = daySchema(DASHBOARD_DAY_MESSAGE);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

/** from and to are both included; channels[] narrows an organization view to some of its channels. */
export const DashboardQuerySchema = z.object({
  from: day,
  to: day,
  expanded: flag.optional(),
  displayOrganization: flag.optional(),
  channels: z.array(z.string().min(1).max(200)).max(500).optional(),
  activity: ActivityQuerySchema.shape.activity,
});
export type DashboardQuery = z.input<typeof DashboardQuerySchema>;

/** One day: active readers at its end, the day's changes, and net growth (joined − left). */
export const ActiveSubscribersDaySchema = z.object({
  day: z.string(),
  active: z.number().int(),
  subscribed: z.number().int().nonnegative(),
  unsubscribed: z.number().int().nonnegative(),
  bounced: z.number().int().nonnegative(),
  netGrowth: z.number().int(),
});
export type ActiveSubscribersDay = z.infer<typeof ActiveSubscribersDaySchema>;
export const ActiveSubscribersResponseSchema = z.object({
  items: z.array(ActiveSubscribersDaySchema),
  totals: ActiveSubscribersDaySchema.omit({ day: true }),
});
export type ActiveSubscribersResponse = z.infer<typeof ActiveSubscribersResponseSchema>;

/**
 * Rates are percentages with one decimal by spec 1 §9's formulas, as on the edition report:
 * open rate = confirmed unique opens / accepted, click rate = unique clicks / sent (0 when
 * the whole is 0). `accepted` and `opensConfirmed` default to 0 for answers cached before
 * they were added.
 */
export const DashboardLetterCountsSchema = z.object({
  sent: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative().default(0),
  delivered: z.number().int().nonnegative(),
  opens: z.number().int().nonnegative(),
  opensConfirmed: z.number().int().nonnegative().default(0),
  clicks: z.number().int().nonnegative(),
  openRate: z.number().nonnegative(),
  clickRate: z.number().nonnegative(),
});
export type DashboardLetterCounts = z.infer<typeof DashboardLetterCountsSchema>;

export const DashboardLetterSchema = DashboardLetterCountsSchema.extend({
  id: z.number().int(),
  uniqueId: z.string(),
  title: z.string(),
  channelSlug: z.string(),
  organizationSlug: z.string(),
  /** ISO 8601 instant the first email went out. */
  sentAt: z.string(),
});
export type DashboardLetter = z.infer<typeof DashboardLetterSchema>;

export const DashboardLettersQuerySchema = DashboardQuerySchema.extend({
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().positive().max(100_000).default(1),
});
export type DashboardLettersQuery = z.input<typeof DashboardLettersQuerySchema>;

export const DashboardLettersResponseSchema = z.object({
  items: z.array(DashboardLetterSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().nonnegative(),
  totals: DashboardLetterCountsSchema,
});
export type DashboardLettersResponse = z.infer<typeof DashboardLettersResponseSchema>;

/** Opens and clicks (events) per day, and the readers whose first open / click fell in it. */
export const AudienceDaySchema = z.object({
  day: z.string(),
  opens: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  uniqueOpens: z.number().int().nonnegative(),
  uniqueClicks: z.number().int().nonnegative(),
});
export type AudienceDay = z.infer<typeof AudienceDaySchema>;
export const AudienceResponseSchema = z.object({ items: z.array(AudienceDaySchema) });
export type AudienceResponse = z.infer<typeof AudienceResponseSchema>;

/** letters/metrics and organization-metrics: every sent letter, paged by send date (no period). */
export const LettersMetricsQuerySchema = z.object({
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().positive().max(100_000).default(1),
  activity: ActivityQuerySchema.shape.activity,
});
export type LettersMetricsQuery = z.input<typeof LettersMetricsQuerySchema>;

/** POST organizations/{slug}/letters/metrics: the same page, narrowed by a period and channels. */
export const LettersMetricsFilterSchema = LettersMetricsQuerySchema.extend({
  from: day.optional(),
  to: day.optional(),
  channels: z.array(z.string().min(1).max(200)).max(500).optional(),
});
export type LettersMetricsFilter = z.input<typeof LettersMetricsFilterSchema>;

// Exports (spec 3 §7): POST …/metrics/{kind}/export (organization or channel) queues a job
// that builds the CSV and emails it, attached, to the given addresses.

export const DASHBOARD_EXPORT_KINDS = ['active-subscribers', 'clicks', 'letters'] as const;
export const DashboardExportKindSchema = z.enum(DASHBOARD_EXPORT_KINDS);
export type DashboardExportKind = z.infer<typeof DashboardExportKindSchema>;
export const EXPORT_EMAILS_REQUIRED_MESSAGE = 'Enter at least one email address to send the export to.';
export const EXPORT_EMAIL_INVALID_MESSAGE = 'Enter a valid email address.';
export const EXPORT_EMAILS_MAX = 20;
export const EXPORT_QUEUED_MESSAGE = 'Your export is being prepared. It will be emailed to you shortly.';

export const DashboardExportRequestSchema = z.object({
  emails: z
    .array(z.string().trim().email(EXPORT_EMAIL_INVALID_MESSAGE).max(254, EXPORT_EMAIL_INVALID_MESSAGE))
    .min(1, EXPORT_EMAILS_REQUIRED_MESSAGE)
    .max(EXPORT_EMAILS_MAX, `Send an export to at most ${EXPORT_EMAILS_MAX} addresses.`),
  from: day,
  to: day,
  channels: z.array(z.string().min(1).max(200)).max(500).optional(),
});
export type DashboardExportRequest = z.input<typeof DashboardExportRequestSchema>;

export const DashboardExportResponseSchema = z.object({ queued: z.literal(true), message: z.string() });
export type DashboardExportResponse = z.infer<typeof DashboardExportResponseSchema>;

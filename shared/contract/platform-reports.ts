import { z } from 'zod';
import { daySchema } from '../model/calendar-day';
import { queryInt4 } from '../model/column-ranges';
import { AbTestMetricsSchema } from '../model/letter';
import { ClickLinkSchema, EditionMetricsSchema } from './platform-metrics';

// An edition's report beyond its counts (spec 1 §2 "Edition metrics page", §7 the
// brands/{b}/channels/{c}/letters/{id}/metrics family): when readers opened and clicked,
// where from, who, and the downloads. Paths: platformPaths.report*. The counts themselves
// and the clicks per link are platform-metrics.ts.

/** Letters published before this day have their clicks in the legacy shape (spec 1 §9). */
export const LEGACY_CLICKS_BEFORE = '2023-12-15';

/** A link in the legacy shape: every follow, no readers count. */
export const LegacyClickLinkSchema = z.object({ url: z.string(), clicks: z.number().int().nonnegative() });
export type LegacyClickLink = z.infer<typeof LegacyClickLinkSchema>;

/**
 * Top clicked links, most readers first: `{url, uniques, total}` for letters published on or
 * after LEGACY_CLICKS_BEFORE, `{url, clicks}` for earlier ones; `legacy` says which.
 */
export const TopLinksResponseSchema = z.discriminatedUnion('legacy', [
  z.object({ legacy: z.literal(false), items: z.array(ClickLinkSchema) }),
  z.object({ legacy: z.literal(true), items: z.array(LegacyClickLinkSchema) }),
]);
export type TopLinksResponse = z.infer<typeof TopLinksResponseSchema>;

/**
 * Opens and clicks per hour since the send began: one row per UTC hour from the hour the
 * first email went out to the hour of the last event (hours without events included, at
 * most 14 days). Counts are events (a reader opening twice counts twice), and the readers
 * behind them (`uniqueOpens`, `uniqueClicks`: readers whose first open / click fell in
 * that hour). Empty before anything was sent.
 */
export const HourPerformanceRowSchema = z.object({
  /** ISO 8601 instant of the hour's start, UTC; the app shows it on the channel's clock. */
  hour: z.string(),
  opens: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  uniqueOpens: z.number().int().nonnegative(),
  uniqueClicks: z.number().int().nonnegative(),
});
export type HourPerformanceRow = z.infer<typeof HourPerformanceRowSchema>;
export const HourPerformanceResponseSchema = z.object({ items: z.array(HourPerformanceRowSchema) });
export type HourPerformanceResponse = z.infer<typeof HourPerformanceResponseSchema>;

/**
 * Readers who opened, by the country of the address their first open came from (an
 * offline GeoIP database); `countryCode` null and `country` 'Unknown' where it gave none.
 * Most readers first.
 */
export const UNKNOWN_COUNTRY = 'Unknown';
export const CountryOpensSchema = z.object({
  countryCode: z.string().length(2).nullable(),
  country: z.string(),
  readers: z.number().int().nonnegative(),
});
export type CountryOpens = z.infer<typeof CountryOpensSchema>;
export const OpensByCountryResponseSchema = z.object({ items: z.array(CountryOpensSchema) });
export type OpensByCountryResponse = z.infer<typeof OpensByCountryResponseSchema>;

/**
 * The email the letter's latest send used, one per variant (A, and B for an A/B subject
 * test), as its public page shows it: merge tags filled with the channel's neutral values,
 * no tracking, reader links pointing at pages that say they work from the email. Empty for a
 * letter not sent yet or sent before the platform kept its sends (the app draws it again).
 * Not in the spec: Letterdesk's own (docs/decisions.md "What each send used").
 */
export const SentEmailSchema = z.object({
  variant: z.enum(['A', 'B']),
  subject: z.string(),
  html: z.string(),
  /** When the send began (ISO 8601). */
  sentAt: z.string(),
});
export type SentEmail = z.infer<typeof SentEmailSchema>;
export const SentEmailResponseSchema = z.object({ items: z.array(SentEmailSchema) });
export type SentEmailResponse = z.infer<typeof SentEmailResponseSchema>;

/** One recipient of the send and what they did with it. */
export const RecipientActivitySchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** 'A' or 'B' for an A/B letter's sample, null otherwise. */
  variant: z.enum(['A', 'B']).nullable(),
  /** ISO instants, null when it never happened. */
  sentAt: z.string().nullable(),
  firstOpenedAt: z.string().nullable(),
  lastClickedAt: z.string().nullable(),
  opens: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  bounced: z.boolean(),
  unsubscribed: z.boolean(),
});
export type RecipientActivity = z.infer<typeof RecipientActivitySchema>;

export const USER_ACTIVITY_FILTERS = ['all', 'opened', 'clicked', 'not-opened', 'bounced', 'unsubscribed'] as const;
export const UserActivityFilterSchema = z.enum(USER_ACTIVITY_FILTERS);
export type UserActivityFilter = z.infer<typeof UserActivityFilterSchema>;

export const USER_ACTIVITY_PAGE_SIZE_MAX = 500;
export const UserActivityQuerySchema = z.object({
  page: queryInt4().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(USER_ACTIVITY_PAGE_SIZE_MAX).default(50),
  filter: UserActivityFilterSchema.default('all'),
  /** Part of an email address or name, case-insensitive. */
  search: z.string().trim().max(200).default(''),
});
export type UserActivityQuery = z.infer<typeof UserActivityQuerySchema>;

/** Most recent activity first (last click, else first open, else sent), then by email. */
export const UserActivityResponseSchema = z.object({
  items: z.array(RecipientActivitySchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type UserActivityResponse = z.infer<typeof UserActivityResponseSchema>;

/**
 * The CSV downloads (spec 1 §7 `.../metrics/download/csv/{type}` with from and to): one row
 * per event or recipient, with a header row; from/to (YYYY-MM-DD, inclusive, on the
 * channel's clock) bound the event time. `recipients` is everyone the send was for.
 */
export const REPORT_CSV_TYPES = ['recipients', 'opens', 'clicks', 'bounces', 'unsubscribes'] as const;
export const ReportCsvTypeSchema = z.enum(REPORT_CSV_TYPES);
export type ReportCsvType = z.infer<typeof ReportCsvTypeSchema>;
/** The CSV's from and to: a day that exists (the shape alone lets '2024-02-30' through). */
export const REPORT_CSV_DAY_MESSAGE = 'Use a date that exists, as YYYY-MM-DD';
const day = daySchema(REPORT_CSV_DAY_MESSAGE);
export const ReportCsvQuerySchema = z.object({ from: day.optional(), to: day.optional() });
export type ReportCsvQuery = z.infer<typeof ReportCsvQuerySchema>;

/**
 * The report's head in one call (brands/{b}/channels/{c}/letters/{id}/metrics): the counts,
 * the A/B results of an A/B letter (null otherwise), and the letter facts the report shows.
 */
export const EditionReportSchema = z.object({
  metrics: EditionMetricsSchema,
  abTestMetrics: AbTestMetricsSchema.nullable(),
  letter: z.object({
    id: z.number().int().positive(),
    uniqueId: z.string(),
    title: z.string(),
    subjectB: z.string(),
    hasAbTest: z.boolean(),
    publicationStatus: z.number().int(),
    /** ISO instant the send began, null before. */
    sentAt: z.string().nullable(),
    esp: z.number().int().nonnegative(),
    /** The public letter page ({host}/{channelSlug}/{letterId}), null for a private letter. */
    publicUrl: z.string().nullable(),
    timezone: z.string(),
  }),
});
export type EditionReport = z.infer<typeof EditionReportSchema>;
export const EditionReportResponseSchema = z.object({ items: z.array(EditionReportSchema) });
export type EditionReportResponse = z.infer<typeof EditionReportResponseSchema>;

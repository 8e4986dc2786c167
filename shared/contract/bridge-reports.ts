import { z } from 'zod';
import { LetterSummarySchema } from '../model/letter';
import { ActivitySchema, EditionMetricsSchema } from './platform-metrics';
import {
  CountryOpensSchema,
  EditionReportSchema,
  HourPerformanceRowSchema,
  ReportCsvTypeSchema,
  SentEmailSchema,
  TopLinksResponseSchema,
  UserActivityQuerySchema,
  UserActivityResponseSchema,
} from './platform-reports';

// The bridge channels of an edition's report and the channel dashboard (`reports.*` in
// bridge.ts). The core asks the platform and keeps every answer in the desktop cache, so a
// report once seen opens offline; `fetchedAt` says how old what is shown is.

const placement = {
  brandSlug: z.string().trim().min(1, 'Choose an organization'),
  channelSlug: z.string().trim().min(1, 'Choose a channel'),
};

/** A sent letter of a channel, by its platform id (a letter never synced has no report). */
export const ReportLetterSchema = z.object({ ...placement, id: z.number().int().positive() });
export type ReportLetter = z.infer<typeof ReportLetterSchema>;

/** When the answer was taken from the platform, and whether it came from the cache because the platform cannot be reached. */
const Freshness = {
  /** ISO instant the shown data came from the platform; null when it never did. */
  fetchedAt: z.string().nullable(),
  /** True when the platform could not be reached and this is the cached copy (or nothing). */
  offline: z.boolean(),
};

/**
 * The report's cards. Each is null when its call failed (spec 1 §8: metrics errors show the
 * empty state) or, offline, was never seen.
 */
export const ReportSnapshotSchema = z.object({
  /** channels/{id}/letters/{id}/metrics. */
  metrics: EditionMetricsSchema.nullable(),
  /** /metrics/clicks, or the legacy top-links-clicked for letters published before 2023-12-15. */
  topLinks: TopLinksResponseSchema.nullable(),
  /** The report's head (A/B results, public page, clock) from brands/…/metrics. */
  head: EditionReportSchema.nullable(),
  hourPerformance: z.array(HourPerformanceRowSchema).nullable(),
  opensByCountry: z.array(CountryOpensSchema).nullable(),
  ...Freshness,
});
export type ReportSnapshot = z.infer<typeof ReportSnapshotSchema>;

/**
 * The email the letter's latest send used, per variant (A, and B for an A/B subject test).
 * null when the call failed (a platform from before it kept sends) or, offline, was never
 * seen; empty for a letter sent before its platform kept sends. Either way the report shows
 * the letter drawn again, as before.
 */
export const SentEmailPageSchema = z.object({ emails: z.array(SentEmailSchema).nullable(), ...Freshness });
export type SentEmailPage = z.infer<typeof SentEmailPageSchema>;

export const UserActivityPageSchema = z.object({ activity: UserActivityResponseSchema.nullable(), ...Freshness });
export type UserActivityPage = z.infer<typeof UserActivityPageSchema>;

/** The CSV downloads of spec 1 §7: one of the report's types, or the user activity list. */
export const ReportCsvRequestSchema = ReportLetterSchema.extend({
  type: z.union([ReportCsvTypeSchema, z.literal('user-activity')]),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD').optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD').optional(),
  /** The user activity download: the readers the list shows (everyone by default). */
  filter: UserActivityQuerySchema.shape.filter,
  search: UserActivityQuerySchema.shape.search,
}).refine((input) => !input.from || !input.to || input.from <= input.to, { message: 'The start date must be on or before the end date.', path: ['to'] });
export type ReportCsvRequest = z.infer<typeof ReportCsvRequestSchema>;

export const ReportCsvFileSchema = z.object({ fileName: z.string(), content: z.string() });
export type ReportCsvFile = z.infer<typeof ReportCsvFileSchema>;

/** The metrics periods (spec 1 §9): 365, 180, 90, 30 (default) and 7 days. */
export const DASHBOARD_PERIODS = [365, 180, 90, 30, 7] as const;
export const DEFAULT_DASHBOARD_PERIOD = 30;
export const DashboardPeriodSchema = z.union([z.literal(365), z.literal(180), z.literal(90), z.literal(30), z.literal(7)]);
export type DashboardPeriod = z.infer<typeof DashboardPeriodSchema>;

export const DashboardLetterSchema = LetterSummarySchema.pick({ uniqueId: true, title: true, publicationDate: true, publicationStatus: true }).extend({
  id: z.number().int().positive(),
  esp: z.number().int().nonnegative(),
  /** null when its metrics could not be had (failed, or offline and never seen). */
  metrics: EditionMetricsSchema.nullable(),
});
export type DashboardLetter = z.infer<typeof DashboardLetterSchema>;

export const ChannelDashboardSchema = z.object({ letters: z.array(DashboardLetterSchema), ...Freshness });
export type ChannelDashboard = z.infer<typeof ChannelDashboardSchema>;

/** A report counts people's clicks unless asked for every click ('all'); each is cached on its own. */
export const ReportRequestSchema = ReportLetterSchema.extend({ activity: ActivitySchema.default('people') });
export type ReportRequest = z.input<typeof ReportRequestSchema>;

export const reportChannels = {
  /** The edition report of a sent (or sending) letter; offline, the last one seen. */
  'reports.get': { input: ReportRequestSchema, output: ReportSnapshotSchema },
  /** Who opened and clicked, a page at a time; offline, the same page as last seen. */
  'reports.userActivity': { input: ReportLetterSchema.extend(UserActivityQuerySchema.shape), output: UserActivityPageSchema },
  /** The email the latest send used, for the report's letter preview; offline, the last one seen. */
  'reports.sentEmail': { input: ReportLetterSchema, output: SentEmailPageSchema },
  /** A CSV download (needs the platform). */
  'reports.downloadCsv': { input: ReportCsvRequestSchema, output: ReportCsvFileSchema },
  /** The channel's letters sent in the last `days` days, each with its counts. */
  'reports.channelDashboard': { input: z.object({ ...placement, days: DashboardPeriodSchema }), output: ChannelDashboardSchema },
} as const;

import { z } from 'zod';
import { DashboardPeriodSchema } from './bridge-reports';
import { ActivitySchema } from './platform-metrics';
import {
  ActiveSubscribersResponseSchema,
  AudienceDaySchema,
  DashboardExportKindSchema,
  DashboardExportRequestSchema,
  DashboardLetterCountsSchema,
  DashboardLetterSchema,
  CHANNEL_SLUG_REQUIRED_MESSAGE,
  ORGANIZATION_SLUG_REQUIRED_MESSAGE,
} from './platform-dashboards';

// The metrics dashboards in the app (`dashboards.*` in bridge.ts): one call gathers a
// scope's numbers for a period from the platform (spec 1 §7 dashboard calls) and keeps the
// answer in the desktop cache, so the last dashboard seen per scope, period and filter
// opens offline with its age.

/** Spec 1 §2: 'company' in the path is tenant-wide, 'channels' + slug one channel, else the brand. */
export const DashboardScopeSchema = z.enum(['company', 'brand', 'channel']);
export type DashboardScope = z.infer<typeof DashboardScopeSchema>;

/** A channel picked in the filter: channels are grouped by brand, so each names its brand. */
export const DashboardChannelRefSchema = z.object({ brandSlug: z.string().min(1).max(200), channelSlug: z.string().min(1).max(200) });
export type DashboardChannelRef = z.infer<typeof DashboardChannelRefSchema>;

const DashboardViewSchema = z.object({
    scope: DashboardScopeSchema,
    // Spec 1 §8 wording; the screen never asks without one, the check is for other callers.
    brandSlug: z.string().trim().min(1, ORGANIZATION_SLUG_REQUIRED_MESSAGE),
    channelSlug: z.string().trim().optional(),
    days: DashboardPeriodSchema,
    /** The channel filter; empty means every channel of the scope. Ignored for a channel scope. */
    channels: z.array(DashboardChannelRefSchema).max(500).default([]),
    /** Whose clicks the letters and audience count: people's (default) or every click. Exports and shared links count people's. */
    activity: ActivitySchema.default('people'),
});
const hasChannelSlug = (input: { scope: DashboardScope; channelSlug?: string | undefined }) => input.scope !== 'channel' || (input.channelSlug ?? '') !== '';
const channelSlugGiven = [hasChannelSlug, { message: CHANNEL_SLUG_REQUIRED_MESSAGE, path: ['channelSlug'] }] as [typeof hasChannelSlug, { message: string; path: string[] }];

export const DashboardRequestSchema = DashboardViewSchema.refine(...channelSlugGiven);
export type DashboardRequest = z.input<typeof DashboardRequestSchema>;

/** The Export dialog (spec 3 §7): which card, for the view's scope, period and filter, to which addresses. */
export const DashboardExportAskSchema = DashboardViewSchema.extend({
  kind: DashboardExportKindSchema,
  emails: DashboardExportRequestSchema.shape.emails,
}).refine(...channelSlugGiven);
export type DashboardExportAsk = z.input<typeof DashboardExportAskSchema>;

/** Top letters shown: the period's best open rates. */
export const DASHBOARD_TOP_LETTERS = 5;

export const AppDashboardSchema = z.object({
  /** The period asked of the platform, 'YYYY-MM-DD' both included (UTC days; the end is tomorrow). */
  from: z.string(),
  to: z.string(),
  /** Each card is null when its call failed or, offline, was never seen. */
  subscribers: ActiveSubscribersResponseSchema.nullable(),
  /** Every letter sent in the period (the screen sorts and pages them). */
  letters: z.array(DashboardLetterSchema).nullable(),
  lettersTotals: DashboardLetterCountsSchema.nullable(),
  audience: z.array(AudienceDaySchema).nullable(),
  /** ISO instant the shown data came from the platform; null when it never did. */
  fetchedAt: z.string().nullable(),
  /** True when the platform could not be reached and this is the cached copy (or nothing). */
  offline: z.boolean(),
});
export type AppDashboard = z.infer<typeof AppDashboardSchema>;

export const dashboardChannels = {
  /** A scope's subscribers, letters and audience for the last `days` days; offline, the last one seen. */
  'dashboards.get': { input: DashboardRequestSchema, output: AppDashboardSchema },
  /** Queues the export on the platform (one per organization for the tenant-wide view); needs the platform. */
  /** A read-only link to this view on the platform (an embedded dashboard), and when it stops working; needs the platform. */
  'dashboards.share': { input: DashboardRequestSchema, output: z.object({ url: z.string(), expiresAt: z.string() }) },
  'dashboards.export': { input: DashboardExportAskSchema, output: z.object({ message: z.string() }) },
} as const;

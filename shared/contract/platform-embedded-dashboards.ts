import { z } from 'zod';
import { daySchema } from '../model/calendar-day';

// Embedded dashboards (spec 1 §7, spec 3 §7 "audience/metrics"): POST audience/metrics
// (every organization of the caller), organizations/{slug}/audience/metrics or
// organizations/{slug}/channels/{slug}/metrics answer a dashboard key and a signed,
// expiring token; the public page `/embed/dashboard/view?token={token}` shows
// that scope's numbers, read-only, to whoever holds the token.

export const EMBED_SERVICES = ['growth_dashboard'] as const;
export const EMBED_SERVICE_MESSAGE = 'This dashboard service is not available.';
/** How long an embedded dashboard's token opens the page. */
export const EMBED_TOKEN_DAYS = 30;

const day = daySchema('Use a date that exists, as YYYY-MM-DD');

export const EmbedDashboardRequestSchema = z.object({
  filters: z
    .object({
      created_at_after: day.optional(),
      created_at_before: day.optional(),
      channels: z.array(z.string().min(1).max(200)).max(500).optional(),
      organizations: z.array(z.string().min(1).max(200)).max(500).optional(),
      resourceData: z.record(z.string(), z.unknown()).optional(),
    })
    .default({}),
  service: z.string().default('growth_dashboard'),
});
export type EmbedDashboardRequest = z.input<typeof EmbedDashboardRequestSchema>;

export const EmbedDashboardSchema = z.object({
  /** The cards the page shows. */
  dashboards: z.array(z.string()),
  /** Names this embedded dashboard (a digest of what the token grants). */
  key: z.string(),
  token: z.string(),
  /** The public page's path on the platform. */
  path: z.string(),
  expiresAt: z.string(),
});
export const EmbedDashboardResponseSchema = z.object({ items: z.array(EmbedDashboardSchema) });
export type EmbedDashboardResponse = z.infer<typeof EmbedDashboardResponseSchema>;

/** The token rides in the query: a path segment is capped at 100 characters by the router. */
export const EMBED_DASHBOARD_PAGE = '/embed/dashboard/view';
export const embedDashboardPagePath = (token: string) => `${EMBED_DASHBOARD_PAGE}?token=${encodeURIComponent(token)}`;

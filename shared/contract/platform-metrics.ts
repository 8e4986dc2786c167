import { z } from 'zod';

// Edition metrics (spec 1 §3 "Edition metrics item", "Click link"; §7
// GET channels/{id}/letters/{id}/metrics and /metrics/clicks): counts of recipients of one
// letter's scheduled send, from which the app computes the rates of §9.

/**
 * Whose activity the click figures count (decisions.md "Metrics count people"): 'people'
 * (the default) leaves out clicks judged a machine's — security gateways' link scanners,
 * clicks within seconds of delivery, a burst on every link at once — and 'all' counts
 * every click. Opens are the same either way: a machine's open is an unconfirmed one.
 */
export const ACTIVITY_KINDS = ['people', 'all'] as const;
export const ACTIVITY_MESSAGE = 'Choose people or all.';
export const ActivitySchema = z.enum(ACTIVITY_KINDS, { message: ACTIVITY_MESSAGE });
export type Activity = z.infer<typeof ActivitySchema>;
export const ActivityQuerySchema = z.object({
  activity: ActivitySchema.default('people').describe("'people' (default): clicks judged a machine's are left out; 'all': every click"),
});
/** The query string of a metrics call for this activity (none for the default). */
export const activityQuery = (activity: Activity): string => (activity === 'all' ? '?activity=all' : '');

/**
 * One letter's numbers. Every count is of recipients (readers), never of events:
 * - sent: recipients the platform tried (accepted + refused at the send);
 * - accepted: the mail server took the email;
 * - bounced: the mail server refused the address, or the email bounced back after it took it;
 * - delivered: accepted, less those that bounced back later (bounce mail or an ESP webhook);
 * - opensUnique: recipients who loaded the open pixel at least once, machines included;
 * - opensUniqueConfirmed: recipients with a confirmed open (not a privacy proxy, prefetcher
 *   or scanner, not within seconds of the send), or a click;
 * - clicksUnique: recipients who followed at least one tracked link (people only unless
 *   activity=all);
 * - unsubscribed: recipients who unsubscribed through this letter's email (its link or
 *   one-click header) and have not undone it.
 * A letter never sent answers all zeros.
 */
export const EditionMetricsSchema = z.object({
  accepted: z.number().int().nonnegative(),
  bounced: z.number().int().nonnegative(),
  clicksUnique: z.number().int().nonnegative(),
  delivered: z.number().int().nonnegative(),
  opensUnique: z.number().int().nonnegative(),
  opensUniqueConfirmed: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  unsubscribed: z.number().int().nonnegative(),
});
export type EditionMetrics = z.infer<typeof EditionMetricsSchema>;

export const EditionMetricsResponseSchema = z.object({ items: z.array(EditionMetricsSchema) });
export type EditionMetricsResponse = z.infer<typeof EditionMetricsResponseSchema>;

/** One tracked address of the letter: recipients who followed it, and every follow (people only unless activity=all). */
export const ClickLinkSchema = z.object({
  url: z.string(),
  uniques: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type ClickLink = z.infer<typeof ClickLinkSchema>;

/** Every tracked address of the letter, clicked or not, most readers first, then by address. */
export const ClickLinksResponseSchema = z.object({ items: z.array(ClickLinkSchema) });
export type ClickLinksResponse = z.infer<typeof ClickLinksResponseSchema>;

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { isRealDay } from '../../shared/model/calendar-day';
import {
  ActiveSubscribersResponseSchema,
  AudienceResponseSchema,
  CHANNEL_SLUG_REQUIRED_MESSAGE,
  DASHBOARD_CHANNEL_MESSAGE,
  DASHBOARD_DAY_MESSAGE,
  DASHBOARD_MAX_DAYS,
  DASHBOARD_PERIOD_MESSAGE,
  DASHBOARD_RANGE_MESSAGE,
  DashboardLettersQuerySchema,
  DashboardLettersResponseSchema,
  DashboardQuerySchema,
  DASHBOARD_EXPORT_KINDS,
  DashboardExportRequestSchema,
  DashboardExportResponseSchema,
  EXPORT_QUEUED_MESSAGE,
  LettersMetricsFilterSchema,
  LettersMetricsQuerySchema,
  ORGANIZATION_SLUG_REQUIRED_MESSAGE,
} from '../../shared/contract/platform-dashboards';
import { brandBySlug, queryList, queryScalars } from '../audience/brand-access';
import { activeSubscribers, audienceDays, lettersPage } from '../dashboards/dashboard-queries';
import type { Period } from '../dashboards/dashboard-queries';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError, invalidData, notFound } from '../http/errors';
import type { DashboardExportQueue } from '../jobs/dashboard-export-jobs';
import { parseInput, sendAs } from '../http/validation';
import { routePattern } from './route-params';

// The metrics dashboards (spec 1 §7 "Organization and channel metrics"): an organization's
// channels, or one channel, for members of the organization (403 otherwise, 404 unknown
// slugs). The channel ids are settled here, from the caller's membership, before any number
// is read: channels[] may only narrow to the organization's own channels.

const OrgParams = z.object({ brand: z.string() });
const ChannelParams = OrgParams.extend({ channel: z.string() });
const NO_CHANNEL = 'This channel does not exist.';

const docs = (summary: string, params: z.ZodType, querystring: z.ZodType, response: z.ZodType, body?: z.ZodType) =>
  routeDocs({ summary, params, querystring, body, response: { 200: response } } as Parameters<typeof routeDocs>[0]);


function periodOf(from: string | undefined, to: string | undefined): Period | undefined {
  if (from === undefined && to === undefined) return undefined;
  const errors: Record<string, string[]> = {};
  if (from === undefined || !isRealDay(from)) errors.from = [DASHBOARD_DAY_MESSAGE];
  if (to === undefined || !isRealDay(to)) errors.to = [DASHBOARD_DAY_MESSAGE];
  if (!errors.from && !errors.to) {
    const days = (Date.parse(to!) - Date.parse(from!)) / 86_400_000 + 1;
    if (days < 1) errors.to = [DASHBOARD_RANGE_MESSAGE];
    else if (days > DASHBOARD_MAX_DAYS) errors.to = [DASHBOARD_PERIOD_MESSAGE];
  }
  if (Object.keys(errors).length > 0) throw invalidData(errors);
  return { from: from!, to: to! };
}

/** The query with channels[] read into a list, for the schemas. */
const withChannels = (query: unknown) => {
  const channels = queryList(query, 'channels');
  return { ...queryScalars(query, ['channels']), ...(channels.length > 0 ? { channels } : {}) };
};

const EXPORTS_UNAVAILABLE = 'Exports need the background jobs, which this platform is not running.';

export const dashboardRoutes: FastifyPluginAsync<{ db: Db; exports?: DashboardExportQueue | null }> = async (app, { db, exports = null }) => {
  /**
   * Who may look, settled before the query is read (a stranger learns nothing from a 422):
   * the slugs, the caller's membership (403), an unknown organization or channel (404).
   */
  const accessOf = async (request: FastifyRequest): Promise<{ organizationId: number; channel?: string }> => {
    const { brand, channel } = z.object({ brand: z.string(), channel: z.string().optional() }).parse(request.params);
    if (brand.trim() === '') throw invalidData({ slug: [ORGANIZATION_SLUG_REQUIRED_MESSAGE] }, ORGANIZATION_SLUG_REQUIRED_MESSAGE);
    if (channel !== undefined && channel.trim() === '') throw invalidData({ channelSlug: [CHANNEL_SLUG_REQUIRED_MESSAGE] }, CHANNEL_SLUG_REQUIRED_MESSAGE);
    const { organizationId } = await brandBySlug(db, currentUser(request).id, brand);
    if (channel !== undefined) {
      const found = await db.selectFrom('channels').select('id').where('organizationId', '=', organizationId).where('slug', '=', channel).executeTakeFirst();
      if (!found) throw notFound(NO_CHANNEL);
    }
    return { organizationId, channel };
  };

  /** The channel ids the view covers: one channel, or the organization's (narrowed by channels[]). */
  const channelIdsOf = async (access: { organizationId: number; channel?: string }, channels: string[] | undefined): Promise<number[]> => {
    const wanted = access.channel !== undefined ? [access.channel] : channels;
    let query = db.selectFrom('channels').select(['id', 'slug']).where('organizationId', '=', access.organizationId);
    if (wanted !== undefined) query = query.where('slug', 'in', wanted.length > 0 ? wanted : ['']);
    const found = await query.orderBy('id').execute();
    const missing = (wanted ?? []).filter((slug) => !found.some((row) => row.slug === slug));
    if (missing.length > 0) throw invalidData({ channels: [DASHBOARD_CHANNEL_MESSAGE] });
    return found.map((row) => row.id);
  };

  const routes = [
    { base: (b: string, c?: string) => platformPaths.dashboardActiveSubscribers(b, c), kind: 'subscribers' },
    { base: (b: string, c?: string) => platformPaths.dashboardLetters(b, c), kind: 'letters' },
    { base: (b: string, c?: string) => platformPaths.dashboardAudience(b, c), kind: 'audience' },
  ] as const;
  for (const { base, kind } of routes) {
    for (const url of [routePattern(base(':brand')), routePattern(base(':brand', ':channel'))]) {
      const params = url.includes(':channel') ? ChannelParams : OrgParams;
      const schema =
        kind === 'subscribers'
          ? docs('Active subscribers per day: subscribed, unsubscribed, bounced, net growth', params, DashboardQuerySchema, ActiveSubscribersResponseSchema)
          : kind === 'letters'
            ? docs('Letters sent in the period with their counts and rates, paged, and totals', params, DashboardLettersQuerySchema, DashboardLettersResponseSchema)
            : docs('Opens and clicks per day of the period', params, DashboardQuerySchema, AudienceResponseSchema);
      app.get(url, { schema }, async (request, reply) => {
        const access = await accessOf(request);
        if (kind === 'letters') {
          const query = parseInput(DashboardLettersQuerySchema, withChannels(request.query));
          const channelIds = await channelIdsOf(access, query.channels);
          const period = periodOf(query.from, query.to)!;
          const options = { period, direction: query.direction, page: query.page, activity: query.activity };
          return sendAs(reply, DashboardLettersResponseSchema, await lettersPage(db, channelIds, options));
        }
        const query = parseInput(DashboardQuerySchema, withChannels(request.query));
        const channelIds = await channelIdsOf(access, query.channels);
        const period = periodOf(query.from, query.to)!;
        if (kind === 'subscribers') return sendAs(reply, ActiveSubscribersResponseSchema, await activeSubscribers(db, channelIds, period));
        return sendAs(reply, AudienceResponseSchema, { items: await audienceDays(db, channelIds, period, query.activity) });
      });
    }
  }

  app.get(
    routePattern(platformPaths.myLettersMetrics()),
    { schema: docs("The caller's sent letters across their organizations, paged by send date", z.object({}), LettersMetricsQuerySchema, DashboardLettersResponseSchema) },
    async (request, reply) => {
      const query = parseInput(LettersMetricsQuerySchema, request.query);
      const rows = await db
        .selectFrom('channels')
        .innerJoin('memberships', 'memberships.organizationId', 'channels.organizationId')
        .select('channels.id')
        .where('memberships.userId', '=', currentUser(request).id)
        .execute();
      return sendAs(reply, DashboardLettersResponseSchema, await lettersPage(db, rows.map((row) => row.id), query));
    },
  );

  app.get(
    routePattern(platformPaths.organizationLettersMetrics(':brand')),
    { schema: docs("An organization's sent letters, paged by send date", OrgParams, LettersMetricsQuerySchema, DashboardLettersResponseSchema) },
    async (request, reply) => {
      const access = await accessOf(request);
      const query = parseInput(LettersMetricsQuerySchema, request.query);
      const channelIds = await channelIdsOf(access, undefined);
      return sendAs(reply, DashboardLettersResponseSchema, await lettersPage(db, channelIds, query));
    },
  );

  app.post(
    routePattern(platformPaths.organizationLettersMetricsFiltered(':brand')),
    {
      schema: docs(
        "An organization's sent letters narrowed by a period and channels, paged",
        OrgParams,
        z.object({}),
        DashboardLettersResponseSchema,
        LettersMetricsFilterSchema,
      ),
    },
    async (request, reply) => {
      const access = await accessOf(request);
      const filter = parseInput(LettersMetricsFilterSchema, request.body ?? {});
      const channelIds = await channelIdsOf(access, filter.channels);
      const period = periodOf(filter.from, filter.to);
      const options = { period, direction: filter.direction, page: filter.page, activity: filter.activity };
      return sendAs(reply, DashboardLettersResponseSchema, await lettersPage(db, channelIds, options));
    },
  );

  // Exports (spec 3 §7): the CSV is built and emailed by a background job; the answer says it was queued.
  for (const kind of DASHBOARD_EXPORT_KINDS) {
    for (const url of [routePattern(platformPaths.dashboardExport(':brand', kind)), routePattern(platformPaths.dashboardExport(':brand', kind, ':channel'))]) {
      const params = url.includes(':channel') ? ChannelParams : OrgParams;
      app.post(
        url,
        {
          schema: routeDocs({
            summary: `Queue the ${kind} CSV, emailed as an attachment to the given addresses`,
            params,
            body: DashboardExportRequestSchema,
            response: { 202: DashboardExportResponseSchema },
            serviceErrors: { 503: 'The platform runs no background jobs to build the export' },
          }),
        },
        async (request, reply) => {
          const access = await accessOf(request);
          const body = parseInput(DashboardExportRequestSchema, request.body ?? {});
          const channelIds = await channelIdsOf(access, body.channels);
          const period = periodOf(body.from, body.to)!;
          if (!exports) throw new HttpError(503, EXPORTS_UNAVAILABLE);
          const { brand } = OrgParams.parse(request.params);
          await exports.queueDashboardExport({
            kind,
            organizationId: access.organizationId,
            channelIds,
            scopeName: access.channel !== undefined ? `${brand}/${access.channel}` : brand,
            ...period,
            emails: [...new Set(body.emails.map((email) => email.toLowerCase()))],
            userId: currentUser(request).id,
          });
          return sendAs(reply, DashboardExportResponseSchema, { queued: true, message: EXPORT_QUEUED_MESSAGE }, 202);
        },
      );
    }
  }
};

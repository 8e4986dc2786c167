import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { DASHBOARD_CHANNEL_MESSAGE, DASHBOARD_MAX_DAYS, DASHBOARD_PERIOD_MESSAGE, DASHBOARD_RANGE_MESSAGE } from '../../shared/contract/platform-dashboards';
import {
  EMBED_SERVICE_MESSAGE,
  EMBED_SERVICES,
  EMBED_TOKEN_DAYS,
  EmbedDashboardRequestSchema,
  EmbedDashboardResponseSchema,
  embedDashboardPagePath,
} from '../../shared/contract/platform-embedded-dashboards';
import { brandBySlug } from '../audience/brand-access';
import { embedKeyOf, embedSecret, signEmbedToken } from '../dashboards/embed-token';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { routePattern } from './route-params';

// Embedded dashboards (spec 1 §7 'audience/metrics'): the caller's organizations, one
// organization or one channel, settled from the caller's membership like the dashboard
// calls; the answer is a signed, expiring token for the public read-only page
// (embedded-dashboard-page.ts), which shows exactly the channels and period it grants.

const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export const embeddedDashboardRoutes: FastifyPluginAsync<{ db: Db; secret?: string | null }> = async (app, { db, secret = null }) => {
  const docs = (summary: string, params: z.ZodType) =>
    routeDocs({ summary, params, body: EmbedDashboardRequestSchema, response: { 200: EmbedDashboardResponseSchema } } as Parameters<typeof routeDocs>[0]);

  /** The organizations and channels the token will grant: member organizations only, filters may only narrow. */
  async function grantOf(request: FastifyRequest, brand: string | undefined, channel: string | undefined) {
    const body = parseInput(EmbedDashboardRequestSchema, request.body ?? {});
    if (!(EMBED_SERVICES as readonly string[]).includes(body.service)) throw invalidData({ service: [EMBED_SERVICE_MESSAGE] });
    const userId = currentUser(request).id;
    let organizationIds: number[];
    if (brand !== undefined) {
      organizationIds = [(await brandBySlug(db, userId, brand)).organizationId];
    } else {
      const wanted = body.filters.organizations;
      for (const slug of wanted ?? []) await brandBySlug(db, userId, slug);
      let query = db.selectFrom('memberships').innerJoin('organizations', 'organizations.id', 'memberships.organizationId').select('organizations.id').where('memberships.userId', '=', userId);
      if (wanted) query = query.where('organizations.slug', 'in', wanted.length > 0 ? wanted : ['']);
      organizationIds = (await query.execute()).map((row) => row.id);
    }
    const slugs = channel !== undefined ? [channel] : body.filters.channels;
    let channels = db.selectFrom('channels').select(['id', 'slug']).where('organizationId', 'in', organizationIds.length > 0 ? organizationIds : [0]);
    if (slugs) channels = channels.where('slug', 'in', slugs.length > 0 ? slugs : ['']);
    const found = await channels.orderBy('id').execute();
    const missing = (slugs ?? []).filter((slug) => !found.some((row) => row.slug === slug));
    if (channel !== undefined && missing.length > 0) throw notFound('This channel does not exist.');
    if (missing.length > 0) throw invalidData({ channels: [DASHBOARD_CHANNEL_MESSAGE] });

    const from = body.filters.created_at_after ?? utcDay(Date.now() - 30 * DAY_MS);
    const to = body.filters.created_at_before ?? utcDay(Date.now() + DAY_MS);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (Number.isNaN(days) || days < 1) throw invalidData({ created_at_before: [DASHBOARD_RANGE_MESSAGE] });
    if (days > DASHBOARD_MAX_DAYS) throw invalidData({ created_at_before: [DASHBOARD_PERIOD_MESSAGE] });
    const name = brand === undefined ? 'All organizations' : channel === undefined ? brand : `${brand}/${channel}`;
    return { channelIds: found.map((row) => row.id), name, from, to };
  }

  const answer = async (request: FastifyRequest, brand?: string, channel?: string) => {
    const grant = await grantOf(request, brand, channel);
    const expiresAt = new Date(Date.now() + EMBED_TOKEN_DAYS * DAY_MS);
    const token = signEmbedToken({ ...grant, exp: Math.floor(expiresAt.getTime() / 1000) }, await embedSecret(db, secret));
    return {
      items: [{ dashboards: ['active-subscribers', 'letters', 'audience'], key: embedKeyOf(token), token, path: embedDashboardPagePath(token), expiresAt: expiresAt.toISOString() }],
    };
  };

  app.post(routePattern(platformPaths.embedAudienceMetrics()), { schema: docs("An embedded dashboard of the caller's organizations", z.object({})) }, async (request, reply) =>
    sendAs(reply, EmbedDashboardResponseSchema, await answer(request)),
  );
  const OrgParams = z.object({ brand: z.string() });
  app.post(routePattern(platformPaths.embedOrganizationMetrics(':brand')), { schema: docs("An embedded dashboard of an organization's channels", OrgParams) }, async (request, reply) =>
    sendAs(reply, EmbedDashboardResponseSchema, await answer(request, OrgParams.parse(request.params).brand)),
  );
  const ChannelParams = OrgParams.extend({ channel: z.string() });
  app.post(routePattern(platformPaths.embedChannelMetrics(':brand', ':channel')), { schema: docs("An embedded dashboard of one channel", ChannelParams) }, async (request, reply) => {
    const { brand, channel } = ChannelParams.parse(request.params);
    return sendAs(reply, EmbedDashboardResponseSchema, await answer(request, brand, channel));
  });
};

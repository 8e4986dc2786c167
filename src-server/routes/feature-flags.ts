import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  FeatureFlagNameSchema,
  FeatureFlagQuerySchema,
  FeatureFlagResponseSchema,
  OrganizationFeatureFlagSchema,
  OrganizationFeatureFlagsSchema,
  SetFeatureFlagRequestSchema,
} from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { isFeatureFlagName } from '../../shared/model/feature-flags';
import { NO_CHANNEL, brandBySlug } from '../audience/brand-access';
import type { Db } from '../db/database';
import { isFeatureEnabled, organizationFlags, setOrganizationFlag } from '../feature-flags/flag-store';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { forbidden, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { routePattern } from './route-params';
import type { BrandAccess } from '../audience/brand-access';

// Feature-flag lookup (spec 2 §6): GET /api/feature-flags/{name}?brandSlug=..[&channelId=..]
// answers { enabled }. The caller must belong to the brand; the brand decides the tenant.
// An organization's own switches (Settings → Features, issue 37; the spec only looks flags
// up): every member reads them, owners and admins set them.

const BrandParams = z.object({ brand: z.string().min(1) });
const OneFlagParams = BrandParams.extend({ name: z.string().min(1) });
export const FEATURES_MANAGERS_ONLY = "Only owners and admins of the organization can change its features.";

const manages = (access: BrandAccess) => access.role === 'owner' || access.role === 'admin';

const organizationDocs = {
  list: routeDocs({ summary: "The organization's features: each flag as it is set for the organization", params: BrandParams, response: { 200: OrganizationFeatureFlagsSchema } }),
  set: routeDocs({
    summary: "Turn a feature on or off for the organization and every channel of it (owners and admins)",
    params: OneFlagParams,
    body: SetFeatureFlagRequestSchema,
    response: { 200: OrganizationFeatureFlagSchema },
  }),
};

const docs = routeDocs({
  summary: 'Whether a feature is on for a brand (and channel)',
  params: z.object({ name: FeatureFlagNameSchema }),
  querystring: FeatureFlagQuerySchema,
  response: { 200: FeatureFlagResponseSchema },
});

export const featureFlagRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(decodeURIComponent(platformPaths.featureFlag(':name')), { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const { name } = request.params as { name: string };
    // A name the product does not know is a typo somewhere, better found than read as off.
    if (!isFeatureFlagName(name)) throw notFound(`Unknown feature flag '${name}'.`);
    const query = parseInput(FeatureFlagQuerySchema, request.query);
    const brand = await brandBySlug(db, user.id, query.brandSlug);
    if (query.channelId !== undefined) {
      const channel = await db
        .selectFrom('channels')
        .select('id')
        .where('id', '=', query.channelId)
        .where('organizationId', '=', brand.organizationId)
        .executeTakeFirst();
      if (!channel) throw notFound(NO_CHANNEL);
    }
    const enabled = await isFeatureEnabled(db, name, {
      tenantId: brand.tenantId,
      organizationId: brand.organizationId,
      ...(query.channelId === undefined ? {} : { channelId: query.channelId }),
    });
    return sendAs(reply, FeatureFlagResponseSchema, { enabled });
  });

  app.get(routePattern(platformPaths.organizationFeatureFlags(':brand')), { schema: organizationDocs.list }, async (request, reply) => {
    const { brand } = parseInput(BrandParams, request.params);
    const access = await brandBySlug(db, currentUser(request).id, brand);
    const items = await organizationFlags(db, access);
    return sendAs(reply, OrganizationFeatureFlagsSchema, { items, canChange: manages(access) });
  });

  app.put(routePattern(platformPaths.organizationFeatureFlag(':brand', ':name')), { schema: organizationDocs.set }, async (request, reply) => {
    const params = parseInput(OneFlagParams, request.params);
    const access = await brandBySlug(db, currentUser(request).id, params.brand);
    if (!isFeatureFlagName(params.name)) throw notFound(`Unknown feature flag '${params.name}'.`);
    if (!manages(access)) throw forbidden(FEATURES_MANAGERS_ONLY);
    const { enabled } = parseInput(SetFeatureFlagRequestSchema, request.body ?? {});
    await setOrganizationFlag(db, params.name, access.organizationId, enabled);
    return sendAs(reply, OrganizationFeatureFlagSchema, { name: params.name, enabled: await isFeatureEnabled(db, params.name, access) });
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  FeatureFlagNameSchema,
  FeatureFlagQuerySchema,
  FeatureFlagResponseSchema,
} from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { isFeatureFlagName } from '../../shared/model/feature-flags';
import { NO_CHANNEL, brandBySlug } from '../audience/brand-access';
import type { Db } from '../db/database';
import { isFeatureEnabled } from '../feature-flags/flag-store';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';

// Feature-flag lookup (spec 2 §6): GET /api/feature-flags/{name}?brandSlug=..[&channelId=..]
// answers { enabled }. The caller must belong to the brand; the brand decides the tenant.

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
};

import type { FastifyPluginAsync } from 'fastify';
import { platformPaths } from '../../shared/contract/platform-api';
import { SyncChangesQuerySchema, SyncChangesResponseSchema } from '../../shared/contract/platform-letters';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';
import { changesSince } from '../letters/letter-changes';

// GET /api/sync/changes?since=<cursor>: what changed in the caller's letters, in order,
// a page at a time (see letters/letter-changes.ts).

const docs = routeDocs({
  summary: "Changes to the caller's letters since a cursor, in commit order",
  querystring: SyncChangesQuerySchema,
  response: { 200: SyncChangesResponseSchema },
});

export const syncChangesRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(platformPaths.syncChanges(), { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const query = parseInput(SyncChangesQuerySchema, request.query);
    const changes = await changesSince(db, user.id, query.since, query.limit);
    return sendAs(reply, SyncChangesResponseSchema, changes);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { platformPaths } from '../../shared/contract/platform-api';
import { SyncBatchRequestSchema, SyncBatchResponseSchema } from '../../shared/contract/platform-sync-batch';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';
import { pushLetterBatch } from '../letters/letter-batch';

// POST /api/sync/letters/batch: the desktop app's outbox pushed many letters at a time
// (see letters/letter-batch.ts). Answered 200 with one result per item.

const docs = routeDocs({
  summary: 'Create and update many letters in one transaction; one result per item, as its single call would answer',
  body: SyncBatchRequestSchema,
  response: { 200: SyncBatchResponseSchema },
});

export const syncBatchRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post(platformPaths.syncLettersBatch(), { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const { items } = parseInput(SyncBatchRequestSchema, request.body);
    const results = await pushLetterBatch(db, user.id, items);
    return sendAs(reply, SyncBatchResponseSchema, { results });
  });
};

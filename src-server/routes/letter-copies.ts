import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { CLONE_FAILED_MESSAGE, CloneLetterRequestSchema } from '../../shared/contract/platform-letters';
import type { Db } from '../db/database';
import { channelById, channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { withFaultMessage } from '../http/fault-message';
import { parseInput, sendAs } from '../http/validation';
import { cloneLetter, deleteLetter } from '../letters/letter-copies';
import { idParam, parseParams, routePattern } from './route-params';

// Cloning and deleting letters (spec 1 §7).

const LetterParams = z.object({ brand: z.string().min(1), channel: z.string().min(1), id: idParam });
const IdParams = z.object({ id: idParam });
const cloneDocs = routeDocs({
  summary: 'Copy a letter into a channel',
  params: IdParams,
  body: CloneLetterRequestSchema,
  response: { 201: LetterResponseSchema },
});
const deleteDocs = routeDocs({ summary: 'Delete a letter (soft)', params: LetterParams, response: { 204: null } });

export const letterCopyRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.post(routePattern(platformPaths.cloneLetter(1), { 1: ':id' }), { schema: cloneDocs }, async (request, reply) =>
    withFaultMessage(request, CLONE_FAILED_MESSAGE, async () => {
      const user = currentUser(request);
      const { id } = parseParams(IdParams, request.params);
      const body = parseInput(CloneLetterRequestSchema, request.body);
      // The target first: another tenant's channel is 403 before anything is read.
      const { channel } = await channelById(db, user.id, body.channelId);
      const letter = await cloneLetter(db, user.id, id, channel, body.status);
      return sendAs(reply, LetterResponseSchema, letter, 201);
    }),
  );

  app.delete(routePattern(platformPaths.letter(':brand', ':channel', 1), { 1: ':id' }), { schema: deleteDocs }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(LetterParams, request.params);
    const { channel } = await channelBySlugs(db, user.id, params.brand, params.channel);
    await deleteLetter(db, channel.id, params.id, user.id);
    return reply.code(204).send();
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  AutosaveRequestSchema,
  CreateLetterRequestSchema,
  LetterListResponseSchema,
  LetterResponseSchema,
  platformPaths,
} from '../../shared/contract/platform-api';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { parseInput, sendAs, sendJsonText } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, findLetter, fromLetters, toLetter } from '../letters/letter-records';
import { letterSummaryJson, summaryListJson } from '../letters/letter-summary-json';
import { autosaveLetter } from '../letters/letter-autosave';
import { createLetter } from '../letters/letter-writes';

// Letter lifecycle calls of spec 1 §7 (create, list, get, autosave); the paths come from
// the shared contract so client and server cannot disagree about them.

const id = z.coerce.number().int().positive().max(2_147_483_647);
const ChannelParams = z.object({ brand: z.string().min(1), channel: z.string().min(1) });
const LetterParams = ChannelParams.extend({ id });
const AutosaveParams = z.object({ channelId: id, id });

const docs = {
  create: routeDocs({
    summary: 'Create a letter (a repeated uniqueId answers the stored letter, 200)',
    params: ChannelParams,
    body: CreateLetterRequestSchema,
    response: { 200: LetterResponseSchema, 201: LetterResponseSchema },
  }),
  list: routeDocs({ summary: "A channel's letters, newest first", params: ChannelParams, response: { 200: LetterListResponseSchema } }),
  get: routeDocs({ summary: 'One letter', params: LetterParams, response: { 200: LetterResponseSchema } }),
  autosave: routeDocs({
    summary: 'Autosave a letter on top of baseVersion',
    params: AutosaveParams,
    body: AutosaveRequestSchema,
    response: { 200: LetterResponseSchema },
  }),
};

/** A malformed id in a path names nothing: 404, like a missing letter. */
function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  return parsed.data;
}

export const letterRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // Route patterns from the contract's path builders (which encode their arguments, so the
  // `:name` placeholders are decoded back; numeric ids are placed by sentinel).
  const lettersPath = decodeURIComponent(platformPaths.letters(':brand', ':channel'));
  const letterPath = decodeURIComponent(platformPaths.letter(':brand', ':channel', 1)).replace(/\/1$/, '/:id');
  const autosavePath = platformPaths.autosave(1, 2).replace('/channels/1/letters/2/', '/channels/:channelId/letters/:id/');

  app.post(lettersPath, { schema: docs.create }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(ChannelParams, request.params);
    const access = await channelBySlugs(db, user.id, params.brand, params.channel);
    const body = parseInput(CreateLetterRequestSchema, request.body);
    const { letter, created } = await createLetter(db, access, body, user.id);
    // A retry of a create that already happened gets the letter back, not a duplicate.
    return sendAs(reply, LetterResponseSchema, letter, created ? 201 : 200);
  });

  app.get(lettersPath, { schema: docs.list }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(ChannelParams, request.params);
    const { channel } = await channelBySlugs(db, user.id, params.brand, params.channel);
    const rows = await fromLetters(db)
      .select(letterSummaryJson.as('summary'))
      .where('letters.channelId', '=', channel.id)
      .where('letters.deletedAt', 'is', null)
      .orderBy('letters.updatedAt', 'desc')
      .orderBy('letters.id', 'desc')
      .execute();
    return sendJsonText(reply, summaryListJson(rows));
  });

  app.get(letterPath, { schema: docs.get }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(LetterParams, request.params);
    const { channel } = await channelBySlugs(db, user.id, params.brand, params.channel);
    const record = await findLetter(db, channel.id, params.id);
    if (!record) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    return sendAs(reply, LetterResponseSchema, toLetter(record));
  });

  app.post(autosavePath, { schema: docs.autosave }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(AutosaveParams, request.params);
    const letter = await autosaveLetter(db, user.id, params.channelId, params.id, request.body);
    return sendAs(reply, LetterResponseSchema, letter);
  });
};

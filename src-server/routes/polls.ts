import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  PollDetailsResponseSchema,
  PollInputSchema,
  PollListQuerySchema,
  PollListResponseSchema,
  PollLoadQuerySchema,
  PollMetricsRequestSchema,
  PollMetricsSchema,
  PollSchema,
  PollSummariesResponseSchema,
} from '../../shared/contract/platform-polls';
import { brandBySlug, queryList, queryScalars } from '../audience/brand-access';
import type { Db } from '../db/database';
import { channelsBySlug } from '../http/access';
import { otherAnswer, routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE } from '../letters/letter-records';
import { pollCsv, pollCsvFilename } from '../polls/poll-csv';
import { letterPollIds, letterSends, pollDetail, pollMetrics, pollSummary } from '../polls/poll-results';
import { createPoll, deletePoll, listPolls, pollsWithIds, requirePoll, updatePoll } from '../polls/poll-store';
import { idParam, routePattern } from './route-params';

// Polls (spec 3 §7): an organization's polls (list, read, create, update, delete, metrics
// and their CSV) for members of the brand, and the channel calls the composer's picker
// and the letter report read (a channel slug names the caller's channels with that slug,
// so their organizations' polls). Another tenant's brand answers 403, its ids 404.

const BrandParams = z.object({ brand: z.string().min(1) });
const PollParams = BrandParams.extend({ id: idParam });
const ChannelParams = z.object({ channel: z.string().min(1) });
const ChannelPollParams = ChannelParams.extend({ id: idParam });
const LetterParams = ChannelParams.extend({ letter: z.string().min(1).max(64) });
const DetailParams = ChannelPollParams.extend({ letter: z.string().min(1).max(64) });
const POLL_NOT_FOUND = 'This poll does not exist.';

const p = { b: ':brand', c: ':channel', 1: ':id', L: ':letter' };
const path = (built: string) => routePattern(built, p);

const LIST_ARRAYS = ['types', 'letterId'];

const docs = {
  list: routeDocs({ summary: "An organization's polls, newest first, filtered by type and title", params: BrandParams, querystring: PollListQuerySchema, response: { 200: PollListResponseSchema } }),
  get: routeDocs({ summary: 'One poll with its options', params: PollParams, response: { 200: PollSchema } }),
  create: routeDocs({ summary: 'Create a poll', params: BrandParams, body: PollInputSchema, response: { 201: PollSchema } }),
  update: routeDocs({ summary: 'Update a poll (type and options are fixed once answered)', params: PollParams, body: PollInputSchema, response: { 200: PollSchema } }),
  delete: routeDocs({ summary: 'Delete a poll (sent letters keep its results)', params: PollParams, response: { 204: null } }),
  metrics: routeDocs({ summary: "A poll's answers per option and per letter", params: PollParams, body: PollMetricsRequestSchema, response: { 200: PollMetricsSchema } }),
  download: routeDocs({ summary: "A poll's answers as CSV", params: PollParams, response: { 200: otherAnswer('A CSV file (RFC 4180, UTF-8)', 'text/csv') } }),
  channelList: routeDocs({ summary: "The polls of the channel's organization (the composer's picker)", params: ChannelParams, querystring: PollListQuerySchema, response: { 200: PollListResponseSchema } }),
  channelGet: routeDocs({ summary: 'Load one poll for a poll block', params: ChannelPollParams, querystring: PollLoadQuerySchema, response: { 200: PollSchema } }),
  details: routeDocs({ summary: "A poll's results in one letter (the report's detail modal)", params: DetailParams, response: { 200: PollDetailsResponseSchema } }),
  summary: routeDocs({ summary: "The polls of one letter with answers and sends (the report's table)", params: LetterParams, response: { 200: PollSummariesResponseSchema } }),
};

function params<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound(POLL_NOT_FOUND);
  return parsed.data;
}

function listQuery(request: FastifyRequest) {
  return parseInput(PollListQuerySchema, {
    ...queryScalars(request.query, LIST_ARRAYS),
    types: queryList(request.query, 'types'),
    letterId: queryList(request.query, 'letterId'),
  });
}

export const pollRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const organizationOf = async (request: FastifyRequest) => {
    const { brand } = params(BrandParams, request.params);
    return (await brandBySlug(db, currentUser(request).id, brand)).organizationId;
  };
  const channelsOf = async (request: FastifyRequest) => {
    const { channel } = params(ChannelParams, request.params);
    return channelsBySlug(db, currentUser(request).id, channel);
  };
  const organizationsOf = (accesses: Awaited<ReturnType<typeof channelsOf>>) => [...new Set(accesses.map((a) => a.channel.organizationId))];

  /** The letter a channel call names by uniqueId or id, in one of the caller's channels with that slug. */
  const letterOf = async (accesses: Awaited<ReturnType<typeof channelsOf>>, ref: string) => {
    const channelIds = accesses.map((access) => access.channel.id);
    const numeric = /^\d{1,10}$/.test(ref) && Number(ref) <= 2_147_483_647 ? Number(ref) : null;
    const letter = await db
      .selectFrom('letters')
      .innerJoin('channels', 'channels.id', 'letters.channelId')
      .select(['letters.id', 'letters.blocks', 'letters.pollIds', 'channels.organizationId'])
      .where('letters.channelId', 'in', channelIds)
      .where('letters.deletedAt', 'is', null)
      .where((eb) => (numeric === null ? eb('letters.uniqueId', '=', ref) : eb.or([eb('letters.uniqueId', '=', ref), eb('letters.id', '=', numeric)])))
      .executeTakeFirst();
    if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    return letter;
  };

  app.get(path(platformPaths.polls('b')), { schema: docs.list }, async (request, reply) => {
    const organizationId = await organizationOf(request);
    return sendAs(reply, PollListResponseSchema, await listPolls(db, [organizationId], listQuery(request)));
  });

  app.post(path(platformPaths.polls('b')), { schema: docs.create }, async (request, reply) => {
    const organizationId = await organizationOf(request);
    const input = parseInput(PollInputSchema, request.body);
    const id = await createPoll(db, organizationId, currentUser(request).id, input);
    return sendAs(reply, PollSchema, await requirePoll(db, [organizationId], id), 201);
  });

  app.get(path(platformPaths.poll('b', 1)), { schema: docs.get }, async (request, reply) => {
    const organizationId = await organizationOf(request);
    const { id } = params(PollParams, request.params);
    return sendAs(reply, PollSchema, await requirePoll(db, [organizationId], id));
  });

  app.post(path(platformPaths.poll('b', 1)), { schema: docs.update }, async (request, reply) => {
    const organizationId = await organizationOf(request);
    const { id } = params(PollParams, request.params);
    const poll = await requirePoll(db, [organizationId], id);
    await updatePoll(db, poll, parseInput(PollInputSchema, request.body));
    return sendAs(reply, PollSchema, await requirePoll(db, [organizationId], id));
  });

  app.delete(path(platformPaths.poll('b', 1)), { schema: docs.delete }, async (request, reply) => {
    const organizationId = await organizationOf(request);
    const { id } = params(PollParams, request.params);
    await requirePoll(db, [organizationId], id);
    await deletePoll(db, id);
    return reply.code(204).send();
  });

  app.post(path(platformPaths.pollMetrics('b', 1)), { schema: docs.metrics }, async (request, reply) => {
    const organizationId = await organizationOf(request);
    const { id } = params(PollParams, request.params);
    const poll = await requirePoll(db, [organizationId], id);
    const { letterUniqueId } = parseInput(PollMetricsRequestSchema, request.body ?? {});
    let letterId: number | undefined;
    if (letterUniqueId !== undefined) {
      const letter = await db
        .selectFrom('letters')
        .innerJoin('channels', 'channels.id', 'letters.channelId')
        .select('letters.id')
        .where('letters.uniqueId', '=', letterUniqueId)
        .where('channels.organizationId', '=', organizationId)
        .executeTakeFirst();
      if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
      letterId = letter.id;
    }
    return sendAs(reply, PollMetricsSchema, await pollMetrics(db, poll, letterId));
  });

  app.get(path(platformPaths.pollMetricsDownload('b', 1)), { schema: docs.download }, async (request, reply) => {
    const organizationId = await organizationOf(request);
    const { id } = params(PollParams, request.params);
    const poll = await requirePoll(db, [organizationId], id);
    return reply
      .code(200)
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${pollCsvFilename(poll)}"`)
      .header('cache-control', 'no-store, private')
      .send(Readable.from(pollCsv(db, poll)));
  });

  app.get(path(platformPaths.channelPolls('c')), { schema: docs.channelList }, async (request, reply) => {
    const accesses = await channelsOf(request);
    return sendAs(reply, PollListResponseSchema, await listPolls(db, organizationsOf(accesses), listQuery(request)));
  });

  app.get(path(platformPaths.channelPoll('c', 1)), { schema: docs.channelGet }, async (request, reply) => {
    const accesses = await channelsOf(request);
    const { id } = params(ChannelPollParams, request.params);
    parseInput(PollLoadQuerySchema, request.query);
    return sendAs(reply, PollSchema, await requirePoll(db, organizationsOf(accesses), id));
  });

  app.get(path(platformPaths.pollLetterDetails('c', 1, 'L')), { schema: docs.details }, async (request, reply) => {
    const accesses = await channelsOf(request);
    const { id, letter: ref } = params(DetailParams, request.params);
    const letter = await letterOf(accesses, ref);
    const [poll] = await pollsWithIds(db, [letter.organizationId], [id]);
    if (!poll) throw notFound(POLL_NOT_FOUND);
    return sendAs(reply, PollDetailsResponseSchema, { items: [await pollDetail(db, poll, letter.id)] });
  });

  app.get(path(platformPaths.pollLetterSummary('c', 'L')), { schema: docs.summary }, async (request, reply) => {
    const accesses = await channelsOf(request);
    const { letter: ref } = params(LetterParams, request.params);
    const letter = await letterOf(accesses, ref);
    const polls = await pollsWithIds(db, [letter.organizationId], await letterPollIds(db, letter));
    const sends = await letterSends(db, letter.id);
    const items = [];
    for (const poll of polls) items.push(await pollSummary(db, poll, letter.id, sends));
    return sendAs(reply, PollSummariesResponseSchema, { items });
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import {
  CLAIM_FAILED_MESSAGE,
  ClaimRequestSchema,
  LetterSettingsRequestSchema,
  ResolveIdResponseSchema,
  SAVE_ON_SCHEDULING_FAILED_MESSAGE,
  SETTINGS_UPDATE_FAILED_MESSAGE,
  SaveOnSchedulingRequestSchema,
  UpdateLetterRequestSchema,
  UpdatePrivateRequestSchema,
  UpdateStatusRequestSchema,
} from '../../shared/contract/platform-letters';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { channelById, channelsBySlug } from '../http/access';
import type { ChannelAccess } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError, INVALID_DATA_MESSAGE } from '../http/errors';
import { withFaultMessage } from '../http/fault-message';
import { parseInput, sendAs } from '../http/validation';
import { claimLetter, updateLetter, updatePrivate, updateSettings } from '../letters/letter-edits';
import { resolveLetterId } from '../letters/letter-queries';
import { saveOnScheduling, updateStatus } from '../letters/letter-status-writes';
import type { DeliveryScheduler } from '../jobs/job-runner';
import { idParam, parseParams, routePattern } from './route-params';

// Letter lifecycle calls of spec 1 §7 beyond create/list/get/autosave: resolving ids,
// scheduling, status changes, whole-letter, private-flag and settings updates, claims.

const ChannelIdParams = z.object({ channelId: idParam, id: idParam });
const SlugParams = z.object({ slug: z.string().min(1), id: idParam });
const SlugRefParams = z.object({ slug: z.string().min(1), ref: z.string().min(1) });
const SlugUniqueIdParams = z.object({ slug: z.string().min(1), uniqueId: z.string().min(1) });

const letterAnswer = { 200: LetterResponseSchema };
const docs = {
  resolveId: routeDocs({ summary: 'The letter an id or uniqueId names', params: SlugRefParams, response: { 200: ResolveIdResponseSchema } }),
  saveOnScheduling: routeDocs({
    summary: 'Save the scheduling fields (and status)',
    params: ChannelIdParams,
    body: SaveOnSchedulingRequestSchema,
    response: letterAnswer,
  }),
  updateStatus: routeDocs({ summary: "Change a letter's status", params: ChannelIdParams, body: UpdateStatusRequestSchema, response: letterAnswer }),
  updateLetter: routeDocs({ summary: 'Replace the editable letter', params: SlugParams, body: UpdateLetterRequestSchema, response: letterAnswer }),
  updatePrivate: routeDocs({ summary: 'Set the private flag', params: SlugParams, body: UpdatePrivateRequestSchema, response: letterAnswer }),
  settings: routeDocs({
    summary: "Update a letter's settings",
    params: SlugUniqueIdParams,
    body: LetterSettingsRequestSchema,
    response: letterAnswer,
  }),
  claim: routeDocs({ summary: 'Claim a letter for editing', params: SlugParams, body: ClaimRequestSchema, response: letterAnswer }),
};

const byChannelId = { 1: ':channelId', 2: ':id' };
const bySlug = { 1: ':id' };

/** Save on scheduling's failures carry its own message where the generic one says less. */
function parseForScheduling<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  try {
    return parseInput(schema, data);
  } catch (error) {
    if (error instanceof HttpError && error.message === INVALID_DATA_MESSAGE) {
      throw new HttpError(error.statusCode, SAVE_ON_SCHEDULING_FAILED_MESSAGE, error.errors);
    }
    throw error;
  }
}

const channelsOf = (accesses: ChannelAccess[]) => accesses.map((access) => access.channel);

export const letterLifecycleRoutes: FastifyPluginAsync<{ db: Db; delivery?: DeliveryScheduler | null }> = async (
  app,
  { db, delivery = null },
) => {
  /**
   * Queues the send of a letter that is now scheduled (the write has committed). A failure
   * here does not undo the schedule: the jobs' minute sweep queues any due letter anyway.
   */
  const queueSend = async (letter: Letter) => {
    if (!delivery || letter.publicationStatus !== PublicationStatus.scheduled || letter.id === null) return;
    await delivery.letterScheduled(letter.id).catch((error: unknown) => app.log.warn({ err: error }, 'Could not queue a scheduled send'));
  };

  app.get(routePattern(platformPaths.resolveLetterId(':slug', ':ref')), { schema: docs.resolveId }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(SlugRefParams, request.params);
    const channels = await channelsBySlug(db, user.id, params.slug);
    const items = await resolveLetterId(db, channelsOf(channels).map((channel) => channel.id), params.ref);
    return sendAs(reply, ResolveIdResponseSchema, { items });
  });

  app.post(routePattern(platformPaths.saveOnScheduling(1, 2), byChannelId), { schema: docs.saveOnScheduling }, async (request, reply) =>
    withFaultMessage(request, SAVE_ON_SCHEDULING_FAILED_MESSAGE, async () => {
      const user = currentUser(request);
      const params = parseParams(ChannelIdParams, request.params);
      const { channel } = await channelById(db, user.id, params.channelId);
      const body = parseForScheduling(SaveOnSchedulingRequestSchema, request.body);
      const letter = await saveOnScheduling(db, channel, params.id, body, user.id);
      await queueSend(letter);
      return sendAs(reply, LetterResponseSchema, letter);
    }),
  );

  app.post(routePattern(platformPaths.updateStatus(1, 2), byChannelId), { schema: docs.updateStatus }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(ChannelIdParams, request.params);
    const { channel } = await channelById(db, user.id, params.channelId);
    const body = parseInput(UpdateStatusRequestSchema, request.body);
    const letter = await updateStatus(db, channel, params.id, body, user.id);
    await queueSend(letter);
    return sendAs(reply, LetterResponseSchema, letter);
  });

  app.post(routePattern(platformPaths.updateLetter(':slug', 1), bySlug), { schema: docs.updateLetter }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(SlugParams, request.params);
    const channels = channelsOf(await channelsBySlug(db, user.id, params.slug));
    const body = parseInput(UpdateLetterRequestSchema, request.body);
    const letter = await updateLetter(db, channels, params.id, body, user.id);
    return sendAs(reply, LetterResponseSchema, letter);
  });

  app.post(routePattern(platformPaths.updatePrivate(':slug', 1), bySlug), { schema: docs.updatePrivate }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(SlugParams, request.params);
    const channels = channelsOf(await channelsBySlug(db, user.id, params.slug));
    const body = parseInput(UpdatePrivateRequestSchema, request.body);
    const letter = await updatePrivate(db, channels, params.id, body, user.id);
    return sendAs(reply, LetterResponseSchema, letter);
  });

  app.post(routePattern(platformPaths.letterSettings(':slug', ':uniqueId')), { schema: docs.settings }, async (request, reply) =>
    withFaultMessage(request, SETTINGS_UPDATE_FAILED_MESSAGE, async () => {
      const user = currentUser(request);
      const params = parseParams(SlugUniqueIdParams, request.params);
      const channels = channelsOf(await channelsBySlug(db, user.id, params.slug));
      const body = parseInput(LetterSettingsRequestSchema, request.body);
      const letter = await updateSettings(db, channels, { uniqueId: params.uniqueId }, body, user.id);
      return sendAs(reply, LetterResponseSchema, letter);
    }),
  );

  app.post(routePattern(platformPaths.claimLetter(':slug', 1), bySlug), { schema: docs.claim }, async (request, reply) =>
    withFaultMessage(request, CLAIM_FAILED_MESSAGE, async () => {
      const user = currentUser(request);
      const params = parseParams(SlugParams, request.params);
      const channels = channelsOf(await channelsBySlug(db, user.id, params.slug));
      const body = parseInput(ClaimRequestSchema, request.body);
      const letter = await claimLetter(db, channels, params.id, body, user.id);
      return sendAs(reply, LetterResponseSchema, letter);
    }),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { SpamCheckRequestSchema, SpamCheckResponseSchema } from '../../shared/contract/platform-spam-check';
import type { Db } from '../db/database';
import { platformUrlOf } from '../delivery/letter-render';
import { composeMessage } from '../delivery/mail-transport';
import type { SpamChecker } from '../delivery/spam-check';
import { letterAsEdited, testEmail } from '../delivery/test-send';
import { channelById } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';
import type { FetchGuard } from '../integrations/guarded-fetch';
import type { SenderDirectory } from '../sending/sender-directory';
import { idParam, parseParams, routePattern } from './route-params';

// The schedule step's spam check (issue 35): the letter's test email — as a test send
// builds it for the signed-in editor, headers and DKIM signature included — scored by the
// platform's SpamAssassin. Whoever may send the letter a test may check it. Nothing is sent.

const ChannelIdParams = z.object({ channelId: idParam, id: idParam });

export interface SpamCheckRouteOptions {
  db: Db;
  senders: SenderDirectory;
  checker: SpamChecker;
  /** Who the letter's curated blocks may fetch, as a test send's. */
  fetchGuard: FetchGuard;
}

const docs = routeDocs({
  summary:
    "Score the letter's email with the platform's SpamAssassin (local tests only): the score, the threshold and each rule that fired with what to change. Available false, with a message, where SpamAssassin is not installed",
  params: ChannelIdParams,
  body: SpamCheckRequestSchema,
  response: { 200: SpamCheckResponseSchema },
});

export const spamCheckRoutes: FastifyPluginAsync<SpamCheckRouteOptions> = async (app, { db, senders, checker, fetchGuard }) => {
  app.post(routePattern(platformPaths.spamCheck(1, 2), { 1: ':channelId', 2: ':id' }), { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(ChannelIdParams, request.params);
    const access = await channelById(db, user.id, params.channelId);
    const body = parseInput(SpamCheckRequestSchema, request.body ?? {});
    const letter = await letterAsEdited(db, access, params.id, { title: body.subject, subtitle: body.previewText });
    const send = { access, letterId: params.id, toEmail: user.email, userId: user.id, platformUrl: platformUrlOf(request), fetchGuard };
    const { mail, origin } = await testEmail(db, send, letter);
    return sendAs(reply, SpamCheckResponseSchema, await checker.check(await composeMessage(senders, mail, origin)));
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { PreviewAsRequestSchema, PreviewAsResponseSchema } from '../../shared/contract/platform-preview-as';
import type { ReaderLinks } from '../audience/reader-links';
import type { Db } from '../db/database';
import { platformUrlOf } from '../delivery/letter-render';
import { previewReader, readerPreview } from '../delivery/reader-preview';
import { letterAsEdited } from '../delivery/test-send';
import { channelById } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { idParam, parseParams, routePattern } from './route-params';

// 'Preview as' (issue 35): the letter as one subscriber of its channel, or a segment's
// sample reader, will get it (delivery/reader-preview.ts). Whoever may edit the channel's
// letters may look; nothing is stored, sent or recorded.

const ChannelIdParams = z.object({ channelId: idParam, id: idParam });

export interface PreviewAsRouteOptions {
  db: Db;
  /** Signs the reader's own links, as their email's. */
  links: ReaderLinks;
  /** Who the letter's curated blocks may fetch, as a test send's. */
  fetchGuard: FetchGuard;
}

const docs = routeDocs({
  summary:
    "The letter as one reader will get it: a subscriber of the channel, or a segment's sample reader (its first active subscriber). Their subject, preheader and HTML with their merge tags, their links inert",
  params: ChannelIdParams,
  body: PreviewAsRequestSchema,
  response: { 200: PreviewAsResponseSchema },
});

export const previewAsRoutes: FastifyPluginAsync<PreviewAsRouteOptions> = async (app, { db, links, fetchGuard }) => {
  app.post(routePattern(platformPaths.previewAs(1, 2), { 1: ':channelId', 2: ':id' }), { schema: docs }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(ChannelIdParams, request.params);
    const access = await channelById(db, user.id, params.channelId);
    const body = parseInput(PreviewAsRequestSchema, request.body ?? {});
    const letter = await letterAsEdited(db, access, params.id, { title: body.subject, subtitle: body.previewText });
    const reader = await previewReader(db, access.channel.id, body.reader);
    const send = { access, letterId: params.id, platformUrl: platformUrlOf(request), fetchGuard, links };
    return sendAs(reply, PreviewAsResponseSchema, await readerPreview(db, send, letter, reader));
  });
};

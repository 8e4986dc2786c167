import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/database';
import { jsonSchemaOf } from '../http/api-docs';
import { answerCutLinks, invalidLinkPage, sendPage, usePageReplies } from '../pages/page-replies';
import { OPEN_PIXEL_SUFFIX, TRACKING_PREFIX, trackingPaths } from '../tracking/tracking-paths';
import { platformUrlOf } from '../delivery/letter-render';
import { clickDestination } from '../tracking/click-destination';
import { findClickTarget, recordClick, recordOpen } from '../tracking/tracking-records';
import type { EventSource } from '../tracking/tracking-records';
import { routePattern } from './route-params';

// Open and click tracking of scheduled sends (DECISIONS: under /t on the platform's own
// origin). Public: the recipient's tracking token in the address is the only key, and mail
// clients, proxies and scanners call these with whatever they like. So a reader never
// meets a fault for bad input: the pixel always answers the image, a click on anything
// unknown answers the neutral invalid-link page, and a failure to write a click down still
// sends the reader on.

/** A 1×1 transparent GIF (43 bytes). */
export const TRANSPARENT_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

// `{token}.gif` is one segment: the route takes it whole and cuts the suffix itself.
const openPath = `${TRACKING_PREFIX}/o/:file`;
const clickPath = routePattern(trackingPaths.click(':token', 1), { 1: ':position' });

const OpenParams = z.object({ file: z.string().describe('The tracking token followed by .gif') });
const ClickParams = z.object({ token: z.string(), position: z.string().describe('The link position, from 1') });

const gifAnswer = { description: 'A 1×1 transparent GIF, whatever the token', content: { 'image/gif': { schema: { type: 'string' } } } };
const htmlAnswer = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

const openDocs = {
  summary: 'Open pixel of a scheduled email: records an open (never for HEAD), always answers the image',
  params: jsonSchemaOf(OpenParams, 'input'),
  response: { 200: gifAnswer },
};
const clickDocs = {
  summary:
    "Tracked link of a scheduled email: records a click (a reader's, or a machine's: a scanner's agent or network, within seconds of delivery, or several links at once; never for HEAD) and redirects to the letter's own address",
  params: jsonSchemaOf(ClickParams, 'input'),
  response: {
    302: {
      type: 'null',
      description: "Redirect to the address the letter linked to (Location), with the letter's UTM parameters for this reader when UTM tracking is on; never to any other",
    },
    '4xx': htmlAnswer('A page saying the link is not valid (404 for any unknown or malformed link)'),
    '5xx': htmlAnswer('A page saying something went wrong'),
  },
};

/** The user agent, and the address only for its country (never stored). */
function sourceOf(request: FastifyRequest): EventSource {
  return { userAgent: String(request.headers['user-agent'] ?? '').slice(0, 1000), address: request.ip };
}

/**
 * Fastify answers HEAD through each GET route (exposeHeadRoutes): the same handler runs and
 * only the body is dropped. A HEAD is a link checker or a scanner asking whether the
 * address answers, never a reader, so the handlers answer it as they would a GET but write
 * nothing down.
 */
const isHead = (request: FastifyRequest) => request.method === 'HEAD';

function sendGif(reply: FastifyReply): FastifyReply {
  return reply.code(200).header('cache-control', 'no-store, private').type('image/gif').send(TRANSPARENT_GIF);
}

/** Positions are small positive integers; anything else names no link. */
function readPosition(value: string): number | null {
  if (!/^[1-9]\d{0,8}$/.test(value)) return null;
  return Number(value);
}

export const trackingRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  usePageReplies(app);
  answerCutLinks(app, TRACKING_PREFIX);
  const config = { public: true };

  app.get(
    openPath,
    {
      config,
      schema: openDocs,
      // Refusals before the handler (a NUL in the address) still answer the image.
      errorHandler: (_error, _request, reply) => void sendGif(reply),
    },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      if (file.endsWith(OPEN_PIXEL_SUFFIX) && !isHead(request)) {
        const token = file.slice(0, -OPEN_PIXEL_SUFFIX.length);
        await recordOpen(db, token, sourceOf(request)).catch((error: unknown) => request.log.error({ err: error }, 'Could not record an open'));
      }
      return sendGif(reply);
    },
  );

  // A pixel address the router cannot take as one segment (longer than a parameter may be):
  // the image too, so a mail client never shows a broken one.
  const malformedPixelDocs = { summary: 'Open pixel at a malformed address: the image, nothing recorded', response: { 200: gifAnswer } };
  app.get(`${TRACKING_PREFIX}/o/*`, { config, schema: malformedPixelDocs }, async (_request, reply) => sendGif(reply));

  /** Where the link leads, the click recorded on the way (HEAD records nothing); a click that cannot be recorded still leads there. */
  async function clickTargetRecording(request: FastifyRequest, token: string, position: number) {
    if (isHead(request)) return findClickTarget(db, token, position);
    try {
      return (await recordClick(db, token, position, sourceOf(request)))?.target ?? null;
    } catch (error) {
      request.log.error({ err: error }, 'Could not record a click');
      return findClickTarget(db, token, position);
    }
  }

  app.get(clickPath, { config, schema: clickDocs }, async (request, reply) => {
    const { token, position: rawPosition } = request.params as { token: string; position: string };
    const position = readPosition(rawPosition);
    const target = position === null ? null : await clickTargetRecording(request, token, position);
    if (!target) return sendPage(reply, invalidLinkPage(), 404);
    // The letter's UTM parameters for this reader; without them, the address as the letter has it.
    const destination = await clickDestination(db, target, platformUrlOf(request)).catch((error: unknown) => {
      request.log.error({ err: error }, 'Could not add UTM parameters to a click');
      return target.url;
    });
    return reply.header('cache-control', 'no-store, private').redirect(destination, 302);
  });
};

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  BOUNCE_WEBHOOK_NOT_CONFIGURED_MESSAGE,
  BOUNCE_WEBHOOK_PATH,
  BOUNCE_WEBHOOK_SECRET_HEADER,
  BOUNCE_WEBHOOK_WRONG_SECRET_MESSAGE,
  BounceWebhookRequestSchema,
  BounceWebhookResponseSchema,
} from '../../shared/contract/platform-bounces';
import { recordBounce } from '../bounces/bounce-records';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { HttpError, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';

// POST /api/webhooks/bounces: an email service provider's bounce events (the JSON of
// shared/contract/platform-bounces.ts). No session: the shared secret (BOUNCE_WEBHOOK_SECRET)
// in its header is the key; without the setting the route answers 404, as if absent.
// The secret is checked before the body is read, so a wrong one learns nothing and
// changes nothing.

const docs = routeDocs({
  summary: `ESP bounce events (one or a list); the shared secret goes in the ${BOUNCE_WEBHOOK_SECRET_HEADER} header`,
  body: BounceWebhookRequestSchema,
  response: { 200: BounceWebhookResponseSchema },
});

/** Compared as digests, so the time taken says nothing about the secret's length or prefix. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function secretOf(request: FastifyRequest): string {
  const value = request.headers[BOUNCE_WEBHOOK_SECRET_HEADER];
  return typeof value === 'string' ? value : '';
}

export const bounceWebhookRoutes: FastifyPluginAsync<{ db: Db; secret: string | null }> = async (app, { db, secret }) => {
  app.post(BOUNCE_WEBHOOK_PATH, { config: { public: true }, schema: docs }, async (request, reply) => {
    if (!secret) throw notFound(BOUNCE_WEBHOOK_NOT_CONFIGURED_MESSAGE);
    if (!sameSecret(secretOf(request), secret)) throw new HttpError(401, BOUNCE_WEBHOOK_WRONG_SECRET_MESSAGE);
    const body = parseInput(BounceWebhookRequestSchema, request.body);
    const events = Array.isArray(body) ? body : [body];
    let recorded = 0;
    for (const event of events) {
      const outcome = await recordBounce(db, {
        source: 'webhook',
        kind: event.type,
        email: event.email ?? '',
        recipientToken: event.recipientToken ?? null,
        reason: event.reason,
      });
      if (outcome === 'recorded') recorded += 1;
    }
    return sendAs(reply, BounceWebhookResponseSchema, { recorded, unknown: events.length - recorded });
  });
};

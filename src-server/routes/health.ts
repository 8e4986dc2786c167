import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { HealthResponseSchema, ReadinessResponseSchema, platformPaths, type ReadinessResponse } from '../../shared/contract/platform-api';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { sendAs } from '../http/validation';
import type { ImageStorage } from '../integrations/image-storage';

// Two answers for whatever runs the instances (issue 39). /api/health: the process answers
// (liveness; it touches nothing, so a slow database never gets a live instance restarted).
// /api/health/ready: the database and the image storage answer too (readiness; a load
// balancer sends nothing to an instance answering 503). While the instance stops, Fastify
// answers 503 to every request before any route runs, this one included.

/** Longer than a healthy answer takes, shorter than a load balancer's check interval. */
export const READINESS_CHECK_TIMEOUT_MS = 2_000;

const within = async (check: () => Promise<unknown>): Promise<'ok' | 'failing'> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), READINESS_CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), late]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
};

export const healthRoutes: FastifyPluginAsync<{ db: Db; storage: ImageStorage | null }> = async (app, { db, storage }) => {
  const schema = routeDocs({ summary: 'Whether the platform is up', response: { 200: HealthResponseSchema } });
  app.get(platformPaths.health(), { config: { public: true }, schema }, async (_request, reply) =>
    sendAs(reply, HealthResponseSchema, { status: 'ok' }),
  );

  const readySchema = routeDocs({
    summary: 'Whether this instance can serve: its database and image storage answer (503 when not)',
    response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema },
  });
  app.get(platformPaths.ready(), { config: { public: true }, schema: readySchema }, async (_request, reply) => {
    const [database, stored] = await Promise.all([within(() => sql`SELECT 1`.execute(db)), storage ? within(() => storage.check()) : ('none' as const)]);
    const ready = database === 'ok' && stored !== 'failing';
    const answer: ReadinessResponse = { status: ready ? 'ready' : 'not ready', database, storage: stored };
    return sendAs(reply, ReadinessResponseSchema, answer, ready ? 200 : 503);
  });
};

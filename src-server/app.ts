import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Db } from './db/database';
import { authentication } from './http/authentication';
import { errorHandler, notFoundHandler } from './http/errors';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { letterRoutes } from './routes/letters';

// Builds the platform API (STYLE "Server: build, then listen"): plugins and routes, no
// listening, so tests call it with inject() and start.ts decides where it listens.

export interface BuildAppOptions {
  db: Db;
  /** Fastify's logger option: false (default) for silence, true or options for pino. */
  logger?: boolean | FastifyServerOptions['logger'] | FastifyBaseLogger;
}

export async function buildApp({ db, logger = false }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger && typeof logger === 'object' && 'child' in logger ? { loggerInstance: logger } : { logger }),
    // Letters carry their whole body (sections, rendered html) in one request.
    bodyLimit: 16 * 1024 * 1024,
  });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  await app.register(authentication, { db });
  await app.register(healthRoutes);
  await app.register(authRoutes, { db });
  await app.register(letterRoutes, { db });
  return app as unknown as FastifyInstance;
}

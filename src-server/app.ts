import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Db } from './db/database';
import { authentication } from './http/authentication';
import { errorHandler, notFoundHandler } from './http/errors';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { letterRoutes } from './routes/letters';
import { letterCopyRoutes } from './routes/letter-copies';
import { letterLifecycleRoutes } from './routes/letter-lifecycle';
import { letterListRoutes } from './routes/letter-lists';
import { syncChangesRoutes } from './routes/sync-changes';
import { featureFlagRoutes } from './routes/feature-flags';
import { mergeTagRoutes } from './routes/merge-tags';
import { segmentRoutes } from './routes/segments';
import { subscriberRoutes } from './routes/subscribers';

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
  await app.register(letterLifecycleRoutes, { db });
  await app.register(letterCopyRoutes, { db });
  await app.register(letterListRoutes, { db });
  await app.register(syncChangesRoutes, { db });
  await app.register(segmentRoutes, { db });
  await app.register(subscriberRoutes, { db });
  await app.register(featureFlagRoutes, { db });
  await app.register(mergeTagRoutes, { db });
  return app as unknown as FastifyInstance;
}

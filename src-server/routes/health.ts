import type { FastifyPluginAsync } from 'fastify';
import { HealthResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { sendAs } from '../http/validation';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(platformPaths.health(), { config: { public: true } }, async (_request, reply) =>
    sendAs(reply, HealthResponseSchema, { status: 'ok' }),
  );
};

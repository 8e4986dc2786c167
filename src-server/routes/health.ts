import type { FastifyPluginAsync } from 'fastify';
import { HealthResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { routeDocs } from '../http/api-docs';
import { sendAs } from '../http/validation';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  const schema = routeDocs({ summary: 'Whether the platform is up', response: { 200: HealthResponseSchema } });
  app.get(platformPaths.health(), { config: { public: true }, schema }, async (_request, reply) =>
    sendAs(reply, HealthResponseSchema, { status: 'ok' }),
  );
};

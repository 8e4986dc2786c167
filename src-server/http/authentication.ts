import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { userForToken } from '../auth/tokens';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { allowedMethods } from './allowed-methods';
import { unauthorized } from './errors';

// Every call but the ones marked `config: { public: true }` (health, login) needs
// `Authorization: Bearer <token>` (DECISIONS "Auth"). Routes read the caller through
// `currentUser(request)`.

declare module 'fastify' {
  interface FastifyRequest {
    user: UserRow | null;
  }
  interface FastifyContextConfig {
    /** No bearer token needed. */
    public?: boolean;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

const plugin: FastifyPluginAsync<{ db: Db }> = async (app: FastifyInstance, { db }) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    // A known address asked with a method it does not take is 405 for anyone (http/allowed-methods.ts).
    if (request.is404 && allowedMethods(request).length > 0) return;
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Sign in to continue.');
    const token = bearerToken(request);
    const user = token ? await userForToken(db, token) : null;
    if (!user) throw unauthorized('Your session is no longer valid. Sign in again.');
    request.user = user;
  });
};

// Like fastify-plugin: the hook must apply to every route, not only inside this plugin.
export const authentication = Object.assign(plugin, { [Symbol.for('skip-override')]: true });

/** The token the request was made with, if its Authorization header holds one. */
export function bearerToken(request: FastifyRequest): string | null {
  return BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

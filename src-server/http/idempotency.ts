import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { sql, type Generated } from 'kysely';
import type { Db } from '../db/database';
import { invalidData } from './errors';

// A POST sent with `Idempotency-Key` is applied once per signed-in user and key: its answer
// is kept for a day, and the same request again gets that answer without running. The
// desktop app keys each push by its content, so a retry whose first answer was lost (the
// platform applied it, the network dropped the reply) does not write a second version.

export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_MAX_LENGTH = 200;
const KEEP = sql`interval '1 day'`;

interface IdempotencyKeysTable {
  userId: number;
  key: string;
  method: string;
  path: string;
  status: number;
  body: string;
  createdAt: Generated<Date>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request was sent with, once it passed the checks. */
    idempotencyKey: string | null;
  }
}

const plugin: FastifyPluginAsync<{ db: Db }> = async (app: FastifyInstance, { db }) => {
  const keys = db.withTables<{ idempotencyKeys: IdempotencyKeysTable }>();
  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || typeof header !== 'string' || !request.user) return;
    const key = header.trim();
    if (key === '' || key.length > KEY_MAX_LENGTH) {
      throw invalidData({ [IDEMPOTENCY_HEADER]: [`The Idempotency-Key must be 1 to ${KEY_MAX_LENGTH} characters.`] });
    }
    const kept = await keys
      .selectFrom('idempotencyKeys')
      .select(['method', 'path', 'status', 'body'])
      .where('userId', '=', request.user.id)
      .where('key', '=', key)
      .where('createdAt', '>', sql<Date>`now() - ${KEEP}`)
      .executeTakeFirst();
    if (kept && (kept.method !== request.method || kept.path !== request.url)) {
      throw invalidData({ [IDEMPOTENCY_HEADER]: ['This Idempotency-Key was used for another request.'] });
    }
    if (kept) return reply.code(kept.status).type('application/json; charset=utf-8').send(kept.body);
    request.idempotencyKey = key;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // Faults (5xx) are not kept: the same request may succeed when tried again.
    if (!request.idempotencyKey || !request.user || reply.statusCode >= 500 || typeof payload !== 'string') return payload;
    await keys
      .insertInto('idempotencyKeys')
      .values({ userId: request.user.id, key: request.idempotencyKey, method: request.method, path: request.url, status: reply.statusCode, body: payload })
      .onConflict((oc) => oc.columns(['userId', 'key']).doUpdateSet({ method: request.method, path: request.url, status: reply.statusCode, body: payload, createdAt: sql<Date>`now()` }))
      .execute();
    await keys.deleteFrom('idempotencyKeys').where('createdAt', '<', sql<Date>`now() - ${KEEP}`).execute();
    return payload;
  });
};

// Like fastify-plugin: the hooks must apply to every route, not only inside this plugin.
export const idempotency = Object.assign(plugin, { [Symbol.for('skip-override')]: true });

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// Per-caller limits counted in PostgreSQL (table rate_limit_hits), so every platform
// instance on one database counts against the same limit (issue 39). A key's window starts
// at its first hit and lasts `windowMs`; a hit after it ends starts a new one. Each hit is
// one INSERT … ON CONFLICT … RETURNING: two instances counting the same key at the same
// moment are serialized by the row lock, never both told "first". Times are the database's
// clock, so instances whose clocks drift still agree on when a window ends.

export interface LimitCount {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Until the window ends (0 when there is none). */
  resetsInMs: number;
}

export interface SharedLimits {
  /** Counts one hit for `key` and answers the window's count. */
  hit(key: string, windowMs: number): Promise<LimitCount>;
  /** The window's count without counting. */
  read(key: string): Promise<LimitCount>;
  /** Takes back one hit (a sign-in that turned out right), never below 0. */
  giveBack(key: string): Promise<void>;
}

/** How often one instance deletes ended windows (the others do the same: a row is deleted once). */
const SWEEP_EVERY_MS = 60_000;

interface CountRow {
  hits: number;
  resetsInMs: number;
}

const toCount = (row: CountRow | undefined): LimitCount => (row ? { hits: Number(row.hits), resetsInMs: Math.max(0, Math.ceil(Number(row.resetsInMs))) } : { hits: 0, resetsInMs: 0 });

export function createSharedLimits(db: Db): SharedLimits {
  let lastSweep = 0;
  const sweep = async () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await sql`DELETE FROM rate_limit_hits WHERE resets_at < now()`.execute(db);
  };

  return {
    async hit(key, windowMs) {
      await sweep();
      const { rows } = await sql<CountRow>`
        INSERT INTO rate_limit_hits AS limit_row (key, hits, resets_at)
        VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN limit_row.resets_at <= now() THEN 1 ELSE limit_row.hits + 1 END,
          resets_at = CASE WHEN limit_row.resets_at <= now() THEN excluded.resets_at ELSE limit_row.resets_at END
        RETURNING hits, extract(epoch FROM resets_at - now()) * 1000 AS "resetsInMs"`.execute(db);
      return toCount(rows[0]);
    },

    async read(key) {
      const { rows } = await sql<CountRow>`
        SELECT hits, extract(epoch FROM resets_at - now()) * 1000 AS "resetsInMs"
        FROM rate_limit_hits WHERE key = ${key} AND resets_at > now()`.execute(db);
      return toCount(rows[0]);
    },

    async giveBack(key) {
      await sql`UPDATE rate_limit_hits SET hits = greatest(hits - 1, 0) WHERE key = ${key} AND resets_at > now()`.execute(db);
    },
  };
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/**
 * @fastify/rate-limit's `store` option: route limits counted in `limits`. Each route (or
 * named limiter) counts under its own prefix, as the plugin's own store keeps one map each.
 */
export function rateLimitStoreOf(limits: SharedLimits): FastifyRateLimitStoreCtor {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    // The plugin makes the first one with its options; routes' children get their prefix.
    constructor(options?: object | string) {
      this.prefix = typeof options === 'string' ? options : '';
    }

    incr(key: string, callback: StoreCallback, timeWindow: number) {
      limits.hit(this.prefix + key, timeWindow).then(
        (count) => callback(null, { current: count.hits, ttl: count.resetsInMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: StoreCallback) {
      limits.read(this.prefix + key).then(
        (count) => callback(null, { current: count.hits, ttl: count.resetsInMs }),
        (error: Error) => callback(error),
      );
    }

    child(options: ChildOptions) {
      // At run time the plugin passes its merged limit options, the route under `routeInfo`.
      const route = (options as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new SharedRateLimitStore(`${[route?.method ?? ''].flat().join(',')} ${route?.url ?? ''} `);
    }
  };
}

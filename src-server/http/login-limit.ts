import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '../db/accounts';
import { HttpError } from './errors';

// Password guessing is slowed per address and account: after 10 failed sign-ins within a
// minute from one IP for one email, every attempt (even the right password) answers 429
// until the minute is over. Successful sign-ins do not count, so the desktop app signing
// itself in again and again is never locked out. Checks for one address and account run
// one at a time, so a burst of parallel guesses is counted guess by guess. The counts
// live in the instance's memory (@fastify/rate-limit's store): each instance of a
// deployment keeps its own.

export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many sign-in attempts. Try again in a minute.';

/** Longer than any real address (254); keeps a huge `email` from becoming a huge key. */
const KEY_EMAIL_LENGTH = 320;

function loginKey(request: FastifyRequest): string {
  const body = request.body;
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  return `login ${request.ip} ${typeof email === 'string' ? normalizeEmail(email.slice(0, KEY_EMAIL_LENGTH)) : ''}`;
}

export type LoginLimiter = <T>(request: FastifyRequest, reply: FastifyReply, check: () => Promise<T | null>) => Promise<T | null>;

/** Runs a credential check under the limit; a null answer is a failed sign-in. Needs @fastify/rate-limit registered. */
export function createLoginLimiter(app: FastifyInstance): LoginLimiter {
  const failures = app.createRateLimit({ max: LOGIN_ATTEMPTS_PER_MINUTE, timeWindow: 60_000, keyGenerator: loginKey });
  const queues = new Map<string, Promise<unknown>>();

  return (request, reply, check) => {
    const key = loginKey(request);
    const turn = (queues.get(key) ?? Promise.resolve()).then(async () => {
      const state = await failures(request, { increment: false });
      if (!state.isAllowed && state.remaining <= 0) {
        void reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
        throw new HttpError(429, TOO_MANY_SIGN_INS_MESSAGE);
      }
      const answer = await check();
      if (answer === null) await failures(request);
      return answer;
    });
    const settled = turn.catch(() => undefined);
    queues.set(key, settled);
    void settled.then(() => {
      if (queues.get(key) === settled) queues.delete(key);
    });
    return turn;
  };
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeEmail } from '../db/accounts';
import { HttpError } from './errors';
import type { SharedLimits } from './shared-limits';

// Password guessing is slowed per address and account: after 10 failed sign-ins within a
// minute from one IP for one email, every attempt (even the right password) answers 429
// until the minute is over. Successful sign-ins do not count, so the desktop app signing
// itself in again and again is never locked out. The count lives in the database
// (shared-limits.ts), so it is one count whichever platform instance answers. Each attempt
// is counted before its password is checked and given back when it was right: a burst of
// parallel guesses, on one instance or several, is counted guess by guess and no more than
// ten are ever checked.

export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many sign-in attempts. Try again in a minute.';
const LOGIN_WINDOW_MS = 60_000;

/** Longer than any real address (254); keeps a huge `email` from becoming a huge key. */
const KEY_EMAIL_LENGTH = 320;

function loginKey(request: FastifyRequest): string {
  const body = request.body;
  const email = typeof body === 'object' && body !== null ? (body as { email?: unknown }).email : undefined;
  return `login ${request.ip} ${typeof email === 'string' ? normalizeEmail(email.slice(0, KEY_EMAIL_LENGTH)) : ''}`;
}

export type LoginLimiter = <T>(request: FastifyRequest, reply: FastifyReply, check: () => Promise<T | null>) => Promise<T | null>;

/** Runs a credential check under the limit; a null answer is a failed sign-in. */
export function createLoginLimiter(limits: SharedLimits): LoginLimiter {
  return async (request, reply, check) => {
    const key = loginKey(request);
    const count = await limits.hit(key, LOGIN_WINDOW_MS);
    if (count.hits > LOGIN_ATTEMPTS_PER_MINUTE) {
      void reply.header('retry-after', String(Math.max(1, Math.ceil(count.resetsInMs / 1000))));
      throw new HttpError(429, TOO_MANY_SIGN_INS_MESSAGE);
    }
    let answer: Awaited<ReturnType<typeof check>>;
    try {
      answer = await check();
    } catch (error) {
      // A fault while checking is not a wrong password.
      await limits.giveBack(key).catch(() => undefined);
      throw error;
    }
    if (answer !== null) await limits.giveBack(key);
    return answer;
  };
}

import { platformPaths } from '../../shared/contract/platform-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashToken } from '../auth/tokens';
import { createAccount } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { LOGIN_ATTEMPTS_PER_MINUTE, TOO_MANY_SIGN_INS_MESSAGE } from '../http/login-limit';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// Sign-in is rate limited per address and account, tokens can be revoked, and neither
// passwords nor tokens reach the logs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createAccount(t.db, {
    tenantName: 'Limited',
    brandSlug: 'limited',
    channelSlug: 'news',
    email: 'limited@example.com',
    password: 'limited-password',
  });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('sign-in rate limit', () => {
  it(`refuses every attempt after ${LOGIN_ATTEMPTS_PER_MINUTE} failures from one address for one email, even the right password`, async () => {
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) {
      // The same account however its email is typed.
      const response = await login(i % 2 === 0 ? 'limited@example.com' : ' Limited@Example.COM', 'wrong');
      expect(response.statusCode).toBe(401);
    }
    const refused = await login('limited@example.com', 'limited-password');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_SIGN_INS_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts another address or another account separately', async () => {
    expect((await login('limited@example.com', 'limited-password', '198.51.100.9')).statusCode).toBe(200);
    expect((await login(DEMO_EMAIL, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count successful sign-ins, so an app signing itself in again is never locked out', async () => {
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE + 5; i++) {
      expect((await login(DEMO_EMAIL, DEMO_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
    }
  });

  it('counts a burst of parallel guesses one by one', async () => {
    const burst = await Promise.all(
      Array.from({ length: LOGIN_ATTEMPTS_PER_MINUTE * 2 }, () => login(DEMO_EMAIL, 'guess', '203.0.113.30')),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_ATTEMPTS_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LOGIN_ATTEMPTS_PER_MINUTE);
  });

  it('answers malformed attempts 422 without using up the allowance', async () => {
    for (let i = 0; i <= LOGIN_ATTEMPTS_PER_MINUTE; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ['x'], password: 1 },
        remoteAddress: '203.0.113.8',
      });
      expect(response.statusCode).toBe(422);
    }
  });
});

describe('sign-in limit behind a load balancer', () => {
  it('counts the caller X-Forwarded-For names when the balancer is trusted (TRUST_PROXY), and the balancer otherwise', async () => {
    const balancer = '192.0.2.1';
    const behind = await buildApp({ db: t.db, trustProxy: balancer });
    try {
      const through = (client: string, password: string, from = balancer) =>
        behind.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'limited@example.com', password }, remoteAddress: from, headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await through('198.51.100.50', 'wrong')).statusCode).toBe(401);
      expect((await through('198.51.100.50', 'limited-password')).statusCode).toBe(429);
      // Another caller through the same balancer is not held back.
      expect((await through('198.51.100.51', 'limited-password')).statusCode).toBe(200);
      // From an address that is not the balancer, the header is not believed: that address is counted.
      for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await through(`198.51.100.${60 + i}`, 'wrong', '192.0.2.99')).statusCode).toBe(401);
      expect((await through('198.51.100.99', 'limited-password', '192.0.2.99')).statusCode).toBe(429);
    } finally {
      await behind.close();
    }
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the calling token: 204, then 401 for it while other tokens keep working', async () => {
    const kept = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const revoked = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const out = await t.app.inject({ method: 'POST', url: platformPaths.logout(), headers: revoked });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');

    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: revoked });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Your session is no longer valid. Sign in again.' });
    expect((await t.app.inject({ method: 'POST', url: platformPaths.logout(), headers: revoked })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: kept })).statusCode).toBe(200);

    const token = revoked.authorization.replace('Bearer ', '');
    const rows = await t.db.selectFrom('apiTokens').select('id').where('tokenHash', '=', hashToken(token)).execute();
    expect(rows).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: platformPaths.logout() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Sign in to continue.' });
  });
});

describe('logging', () => {
  it('writes request logs without passwords or tokens, and redacts them where a handler would log them', async () => {
    const lines: string[] = [];
    const app = await buildApp({ db: t.db, logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    try {
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      const token = signedIn.json<{ token: string }>().token;
      await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      app.log.info({ body: { email: DEMO_EMAIL, password: DEMO_PASSWORD }, headers: { authorization: `Bearer ${token}` } }, 'debugging');
      app.log.info({ password: DEMO_PASSWORD }, 'careless');

      const log = lines.join('');
      expect(lines.filter((line) => line.includes('"url":"/api/me"')).length).toBeGreaterThan(0);
      expect(log).not.toContain(DEMO_PASSWORD);
      expect(log).not.toContain(token);
      expect(log.match(/\[redacted\]/g)?.length).toBe(3);
    } finally {
      await app.close();
    }
  });
});

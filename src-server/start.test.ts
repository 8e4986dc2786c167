import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BOUNCE_WEBHOOK_PATH, BOUNCE_WEBHOOK_SECRET_HEADER } from '../shared/contract/platform-bounces';
import { startPlatform } from './start';
import { deliverRaw, dsnMail } from './testing/dsn-fixtures';
import { createTestDatabase } from './testing/test-database';
import { TEST_ACCOUNT, startTestPlatform } from './testing/test-platform';
import { TEST_SECRET_KEY } from './testing/test-platform';

// startPlatform over real HTTP with a given database (the embedded one: embedded.test.ts).

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const login = (url: string, body: object) =>
  fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('startPlatform with a databaseUrl', () => {
  it('migrates and listens but does not seed unless asked', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const platform = await startPlatform({ databaseUrl: database.connectionString, secretKey: TEST_SECRET_KEY, port: 0 });
    cleanups.push(() => platform.close());
    expect(platform.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const health = await fetch(`${platform.url}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((await login(platform.url, TEST_ACCOUNT)).status).toBe(401);
  });

  it('stops listening on close, and close can be called twice', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const platform = await startPlatform({ databaseUrl: database.connectionString, secretKey: TEST_SECRET_KEY, port: 0 });
    await Promise.all([platform.close(), platform.close()]);
    await expect(fetch(`${platform.url}/api/health`)).rejects.toThrow();
  });

  it('hangs up on a connection that never sent a request instead of waiting for it on close', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const platform = await startPlatform({ databaseUrl: database.connectionString, secretKey: TEST_SECRET_KEY, port: 0 });
    // What an HTTP client's spare connection looks like: open, and silent.
    const spare = connect(Number(new URL(platform.url).port), '127.0.0.1');
    await once(spare, 'connect');
    let hungUp = false;
    spare.once('close', () => (hungUp = true));
    spare.on('error', () => {});
    // Node would keep the server open for this connection until its headers time out (60 s or more).
    await platform.close();
    await expect.poll(() => hungUp).toBe(true);
  });
});

describe('startPlatform with the bounce settings', () => {
  it('takes mail on the bounce listener and webhook events with the secret, and stops both on close', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const platform = await startPlatform({
      databaseUrl: database.connectionString,
      secretKey: TEST_SECRET_KEY,
      port: 0,
      deliveryJobs: false,
      bounceSmtp: { port: 0 },
      bounceWebhookSecret: 'start-test-secret',
    });
    expect(platform.bounceSmtpPort).toEqual(expect.any(Number));
    await deliverRaw(platform.bounceSmtpPort!, dsnMail({ finalRecipient: 'nobody@example.com', original: null }));
    const webhook = (secret: string) =>
      fetch(`${platform.url}${BOUNCE_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BOUNCE_WEBHOOK_SECRET_HEADER]: secret },
        body: JSON.stringify({ email: 'nobody@example.com', type: 'hard' }),
      });
    expect(await (await webhook('start-test-secret')).json()).toEqual({ recorded: 0, unknown: 1 });
    expect((await webhook('wrong')).status).toBe(401);
    await platform.close();
    await expect(deliverRaw(platform.bounceSmtpPort!, dsnMail({ finalRecipient: 'nobody@example.com', original: null }))).rejects.toThrow();
  });

  it('has neither without them', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const platform = await startPlatform({ databaseUrl: database.connectionString, secretKey: TEST_SECRET_KEY, port: 0, deliveryJobs: false });
    cleanups.push(() => platform.close());
    expect(platform.bounceSmtpPort).toBeNull();
    const response = await fetch(`${platform.url}${BOUNCE_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BOUNCE_WEBHOOK_SECRET_HEADER]: '' },
      body: JSON.stringify({ email: 'nobody@example.com', type: 'hard' }),
    });
    expect(response.status).toBe(404);
  });
});

describe('startTestPlatform', () => {
  it('serves the demo account on its own database', async () => {
    const platform = await startTestPlatform();
    cleanups.push(() => platform.close());
    const response = await login(platform.url, TEST_ACCOUNT);
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const me = await fetch(`${platform.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await me.json()) as { organizations: Array<{ slug: string }> };
    expect(body.organizations.map((o) => o.slug)).toEqual(['demo']);
    expect(platform.connectionString).toContain('letterdesk_test_');
  });
});

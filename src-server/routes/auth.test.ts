import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponseSchema } from '../../shared/contract/platform-api';
import { createAccount } from '../db/accounts';
import { hashToken } from '../auth/tokens';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });

describe('POST /api/auth/login', () => {
  it('answers a token and the user for the right password, and stores only its hash', async () => {
    const response = await login({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; user: Record<string, string> }>();
    expect(body.user).toMatchObject({ email: DEMO_EMAIL, name: 'Demo', surname: 'Editor' });
    expect(body.token.length).toBeGreaterThanOrEqual(43);
    const stored = await t.db.selectFrom('apiTokens').select('tokenHash').execute();
    expect(stored.map((row) => row.tokenHash)).toContain(hashToken(body.token));
    expect(stored.map((row) => row.tokenHash)).not.toContain(body.token);
  });

  it('accepts the email in another case and with spaces around it', async () => {
    const response = await login({ email: '  Editor@Example.COM ', password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 with one message for a wrong password and for an unknown email', async () => {
    for (const payload of [
      { email: DEMO_EMAIL, password: 'wrong' },
      { email: 'nobody@example.com', password: DEMO_PASSWORD },
    ]) {
      const response = await login(payload);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Incorrect email or password.' });
    }
  });

  it('answers 422 with field messages for a malformed request', async () => {
    const response = await login({ email: 'not-an-email', password: '' });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors.email).toEqual(['Enter a valid email address']);
    expect(body.errors.password).toEqual(['Password is required']);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });
});

describe('GET /api/me', () => {
  it('lists the demo brand with its weekly channel', async () => {
    const headers = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(response.statusCode).toBe(200);
    const me = MeResponseSchema.parse(response.json());
    expect(me.user.email).toBe(DEMO_EMAIL);
    expect(me.organizations.map((o) => o.slug)).toEqual(['demo']);
    const demo = me.organizations[0]!;
    expect(demo).toMatchObject({ name: 'Demo', role: 'owner' });
    const weekly = demo.channels.find((channel) => channel.channelSlug === 'weekly');
    expect(weekly).toMatchObject({
      title: 'The Weekly',
      brandSlug: 'demo',
      brandId: demo.id,
      timezone: { tzCode: 'America/New_York' },
      esp: 0,
    });
    expect(demo.channels.map((channel) => channel.channelSlug).sort()).toEqual(['company', 'weekly']);
  });

  it('shows another tenant only its own brand', async () => {
    await createAccount(t.db, {
      tenantName: 'Other',
      brandSlug: 'other-me',
      channelSlug: 'news',
      email: 'owner@other-me.test',
      password: 'secret-password',
    });
    const headers = await signIn(t.app, 'owner@other-me.test', 'secret-password');
    const me = MeResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/me', headers })).json());
    expect(me.organizations.map((o) => o.slug)).toEqual(['other-me']);
    expect(me.organizations[0]!.channels.map((c) => c.channelSlug)).toEqual(['news']);
  });

  it('answers 401 for a token that was never issued and for a malformed header', async () => {
    for (const authorization of ['Bearer not-a-real-token', 'Basic abc', 'Bearer']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Your session is no longer valid. Sign in again.' });
    }
  });
});

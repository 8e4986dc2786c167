import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { MeResponseSchema } from '../../shared/contract/platform-api';
import { CHANNEL_SETTINGS_MESSAGES, type ChannelSettings } from '../../shared/model/channel-settings';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The channel settings screen's calls against a real PostgreSQL.

let t: TestApp;
let editor: { authorization: string };
let rival: Rival;
const path = platformPaths.channelSettings('demo', 'weekly');

const next: ChannelSettings = {
  title: 'The Weekly Tide',
  logoUrl: 'https://cdn.example.com/tide.png',
  accentColor: '#e8590c',
  fontColor: '#111111',
  backgroundColor: '#f8f9fa',
  baseFontSize: 18,
  timezone: 'Europe/Madrid',
  address: { street: '1 Harbour Road', city: 'Portsmouth', state: 'Hampshire', postal: 'PO1 2AB', country: 'United Kingdom' },
  footerLanguage: 'sp',
  madeWithCredit: false,
  viewInBrowserLink: false,
  doubleOptIn: true,
};

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
});
afterAll(async () => {
  await t?.close();
});

describe('channel settings', () => {
  it("reads the demo channel's settings", async () => {
    const response = await t.app.inject({ method: 'GET', url: path, headers: editor });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ title: 'The Weekly', accentColor: '#1c7ed6', fontColor: '#202a33', backgroundColor: '#ffffff', baseFontSize: 16, timezone: 'America/New_York', footerLanguage: 'en', madeWithCredit: true, viewInBrowserLink: true });
  });

  it('saves every field, and the session (GET /me) describes the channel with them', async () => {
    const response = await t.app.inject({ method: 'PUT', url: path, headers: editor, payload: next });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(next);
    expect((await t.app.inject({ method: 'GET', url: path, headers: editor })).json()).toEqual(next);

    const me = MeResponseSchema.parse((await t.app.inject({ method: 'GET', url: platformPaths.me(), headers: editor })).json());
    const weekly = me.organizations[0]!.channels.find((c) => c.channelSlug === 'weekly')!;
    expect(weekly).toMatchObject({
      title: 'The Weekly Tide',
      channelName: 'The Weekly Tide',
      channelSquareLogo: 'https://cdn.example.com/tide.png',
      accentColor: '#e8590c',
      fontColor: '#111111',
      backgroundColor: '#f8f9fa',
      defaultStyleBaseFontSize: 18,
      timezone: { tzCode: 'Europe/Madrid' },
      footerLanguage: 'sp',
      contactAddress: next.address,
      madeWithCredit: false,
      viewInBrowserLink: false,
    });
  });

  it('changes only the settings sent; the rest keep their stored values', async () => {
    const one = await t.app.inject({ method: 'PUT', url: path, headers: editor, payload: { title: 'Only the name' } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ ...next, title: 'Only the name' });
    const two = await t.app.inject({ method: 'PUT', url: path, headers: editor, payload: { madeWithCredit: true, baseFontSize: 15 } });
    expect(two.json()).toEqual({ ...next, title: 'Only the name', madeWithCredit: true, baseFontSize: 15 });
    const none = await t.app.inject({ method: 'PUT', url: path, headers: editor, payload: {} });
    expect(none.json()).toEqual(two.json());
    await t.app.inject({ method: 'PUT', url: path, headers: editor, payload: next });
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: path, headers: editor })).json();
    const response = await t.app.inject({
      method: 'PUT',
      url: path,
      headers: editor,
      payload: { ...next, title: 'Changed', accentColor: 'red', timezone: 'Mars/Base', baseFontSize: 99 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toMatchObject({
      accentColor: [CHANNEL_SETTINGS_MESSAGES.color],
      timezone: [CHANNEL_SETTINGS_MESSAGES.timezone],
      baseFontSize: [CHANNEL_SETTINGS_MESSAGES.baseFontSize],
    });
    expect((await t.app.inject({ method: 'GET', url: path, headers: editor })).json()).toEqual(before);
  });

  it("is closed to another tenant, which cannot read or change this brand's channel", async () => {
    const before = (await t.app.inject({ method: 'GET', url: path, headers: editor })).json();
    for (const method of ['GET', 'PUT'] as const) {
      const response = await t.app.inject({ method, url: path, headers: rival.headers, ...(method === 'PUT' ? { payload: { ...next, title: 'Taken' } } : {}) });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('Harbour');
    }
    expect((await t.app.inject({ method: 'GET', url: path, headers: editor })).json()).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { EMBED_SERVICE_MESSAGE, EmbedDashboardResponseSchema, embedDashboardPagePath } from '../../shared/contract/platform-embedded-dashboards';
import { embedSecret, signEmbedToken, verifyEmbedToken } from '../dashboards/embed-token';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// Embedded dashboards: a member gets a signed, expiring token for a scope; the public page
// opens with the token alone and shows only that scope; an altered token is the neutral
// 404 page and an expired one is refused.

let h: TrackingHarness;
let rival: Rival;
const TITLE = 'Embedded harbour letter';

beforeAll(async () => {
  h = await startTrackingHarness();
  rival = await createRival(h.t);
  await h.sendLetter((await h.audience(['ada', 'bob'])).segmentId, { title: TITLE });
});
afterAll(async () => {
  await h?.close();
});

const ask = async (url: string, payload: object = {}, headers: object = h.editor) => h.app.inject({ method: 'POST', url, headers: headers as Record<string, string>, payload });
const open = (path: string) => h.app.inject({ method: 'GET', url: path });

describe('embedded dashboards', () => {
  it('answers a key and a token whose public page shows the channel’s numbers, read-only', async () => {
    const response = await ask(platformPaths.embedChannelMetrics('demo', 'weekly'), { service: 'growth_dashboard', filters: {} });
    expect(response.statusCode, response.body).toBe(200);
    const [item] = EmbedDashboardResponseSchema.parse(response.json()).items;
    expect(item!.key).toMatch(/^[0-9a-f]{20}$/);
    expect(Date.parse(item!.expiresAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const page = await open(item!.path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dashboard: demo/weekly');
    expect(page.body).toContain(TITLE);
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.headers['content-security-policy']).toContain("form-action 'none'");
  });

  it('shows only the scope granted: the company channel has none of the weekly letters', async () => {
    const response = await ask(platformPaths.embedOrganizationMetrics('demo'), { filters: { channels: ['company'] } });
    const [item] = EmbedDashboardResponseSchema.parse(response.json()).items;
    const page = await open(item!.path);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain(TITLE);
    const own = EmbedDashboardResponseSchema.parse((await ask(platformPaths.embedAudienceMetrics(), {}, rival.headers)).json()).items[0]!;
    expect((await open(own.path)).body).not.toContain(TITLE);
  });

  it('refuses an altered or expired token, another organization, and an unknown service', async () => {
    const [item] = EmbedDashboardResponseSchema.parse((await ask(platformPaths.embedOrganizationMetrics('demo'))).json()).items;
    const [payload, signature] = item!.token.split('.') as [string, string];
    // A grant widened by hand (another channel id) keeps the old signature: refused.
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { channelIds: number[] };
    const widened = Buffer.from(JSON.stringify({ ...grant, channelIds: [...grant.channelIds, 999] })).toString('base64url');
    for (const token of [`${widened}.${signature}`, `${payload}.${signature.slice(0, -2)}xx`, 'nonsense']) {
      const page = await open(embedDashboardPagePath(token));
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Dashboard:');
    }
    const secret = await embedSecret(h.t.db, null);
    expect(verifyEmbedToken(item!.token, secret).ok).toBe(true);
    const checked = verifyEmbedToken(item!.token, secret);
    if (!checked.ok) throw new Error('the token should verify');
    const expired = signEmbedToken({ ...checked.grant, exp: Math.floor(Date.now() / 1000) - 1 }, secret);
    const page = await open(embedDashboardPagePath(expired));
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('This dashboard link has expired');
    expect(page.body).not.toContain(TITLE);

    expect((await ask(platformPaths.embedOrganizationMetrics('demo'), {}, rival.headers)).statusCode).toBe(403);
    expect((await ask(platformPaths.embedAudienceMetrics(), { filters: { organizations: ['demo'] } }, rival.headers)).statusCode).toBe(403);
    const service = await ask(platformPaths.embedOrganizationMetrics('demo'), { service: 'poll_results' });
    expect(service.statusCode).toBe(422);
    expect(service.json().errors.service).toEqual([EMBED_SERVICE_MESSAGE]);
  });
});

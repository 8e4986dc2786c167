import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newDraftLetter } from '../../shared/model/new-letter';
import { serializeSections, type Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { createPayload } from '../../src-main/core/sync/letter-payloads';
import { startLoopbackIterable, type LoopbackIterable } from '../../src-server/testing/iterable-server';
import { useAppInBrowser } from './support/app-in-browser';
import { expectAccessible } from './support/axe';
import { withPlatformDb } from './support/platform-db';
import { signedInClient, weeklyChannel } from './support/platform-session';
import { scheduleSoon } from './support/schedule-soon';

// Issue 32, the Iterable provider end to end: the owner saves the organization's Iterable API
// key on Settings → Integrations in Chromium (shown back only by its ending), and a letter
// whose email service is Iterable, scheduled a few seconds ahead, is sent at its time through
// the loopback Iterable (ITERABLE_API_URL) with that key. The events and the report are the
// platform test's (src-server/providers/iterable-delivery.test.ts): their reads run every
// 15 minutes.

const API_KEY = 'e2e-iterable-key-000000001a2b';
const TITLE = 'Tides through Iterable';
const ZONE = 'America/New_York';

let iterable: LoopbackIterable;
// Registered before the app's hooks, so the platform starts asking this Iterable.
beforeAll(async () => {
  iterable = await startLoopbackIterable({ apiKey: API_KEY });
});
afterAll(async () => {
  await iterable?.close();
});

const app = useAppInBrowser(() => ({ ITERABLE_API_URL: iterable.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const page = () => app.page;

describe('an Iterable letter, from the key in Settings to the campaign in Iterable', () => {
  it('saves the key on Integrations and shows only its ending', async () => {
    await page().goto(app.host.appUrl);
    await expect.poll(() => page().url(), { timeout: 30_000 }).toMatch(/\/newsletters$/);
    await page().getByRole('link', { name: 'Integrations' }).click();
    const integrations = page().getByRole('region', { name: 'Iterable' });
    const field = integrations.getByLabel('Iterable API key', { exact: true });
    await expect.poll(() => field.count(), { timeout: 15_000 }).toBe(1);
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill(API_KEY);
    await integrations.getByRole('button', { name: 'Save key' }).click();
    await expect.poll(() => integrations.getByText('Saved, ending in 1a2b').count(), { timeout: 15_000 }).toBe(1);
    expect(await field.inputValue()).toBe('');
    expect(await page().content()).not.toContain(API_KEY);
    await expectAccessible(page(), 'Integrations with the Iterable API key');
  });

  it('is sent at its time through Iterable with that key, to the channel’s readers', async () => {
    const client = await signedInClient(app.host.platformUrl);
    const channel = await weeklyChannel(client);
    const uniqueId = randomUUID();
    const paragraph: Section = { ...newSection('paragraph', 'p-tides'), delta: { ops: [{ insert: 'High water at noon.\n' }] } };
    const draft = { ...newDraftLetter({ uniqueId, channel, author: null, now: new Date().toISOString() }), title: TITLE };
    draft.blocks = serializeSections([paragraph, newSection('footer', `${uniqueId}-footer`)]);
    const letter = await client.createLetter('demo', 'weekly', createPayload(draft, channel.id));
    // The demo channel sends by SMTP; this letter's email service is Iterable, as an Iterable channel's are.
    await withPlatformDb(app.host, (db) => db.updateTable('letters').set({ esp: 1 }).where('id', '=', letter.id!).execute());
    await scheduleSoon(client, letter, { secondsAhead: 3, zone: ZONE, subtitle: 'The harbour at noon', title: TITLE });

    await expect.poll(() => iterable.campaigns.size, { timeout: 60_000, interval: 250 }).toBe(1);
    const campaign = [...iterable.campaigns.values()][0]!;
    const template = iterable.templates.get(campaign.templateId)!;
    expect(template.subject).toBe(TITLE);
    expect(template.html).toContain('High water at noon.');
    expect(template.html).toContain('{{unsubscribeUrl}}');
    expect(campaign.sentTo.length).toBeGreaterThan(0);
    for (const request of iterable.requests) expect(request.headers['api-key']).toBe(API_KEY);
    await expect.poll(async () => (await client.getLetter('demo', 'weekly', letter.id!))?.publicationStatus, { timeout: 30_000 }).toBe(1);
  });
});

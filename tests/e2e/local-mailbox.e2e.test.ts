import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { LocalMailboxResponseSchema } from '../../shared/contract/platform-delivery';
import { newDraftLetter } from '../../shared/model/new-letter';
import { serializeSections, type Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { createPayload } from '../../src-main/core/sync/letter-payloads';
import { useAppInBrowser } from './support/app-in-browser';
import { withPlatformDb } from './support/platform-db';
import { signIn, weeklyChannel } from './support/platform-session';
import { scheduleSoon } from './support/schedule-soon';

// The Local mailbox on a platform with no mail server (issue 37): a scheduled send is kept
// there, one email per reader, each with that reader's open pixel and tracked links. Viewing
// one in the app must not count as the reader's open (it once decided an A/B test), and its
// link must open outside the app (a new tab in the browser host) without counting a click.
// The story's address is answered by the test itself, so nothing leaves the machine.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '300' });
const TITLE = 'Lighthouses of the western isles';
const STORY_URL = 'https://example.com/lighthouses';
const ZONE = 'America/New_York';

async function sendLetter(): Promise<number> {
  const { client } = await signIn(app.host.platformUrl);
  const channel = await weeklyChannel(client);
  const uniqueId = randomUUID();
  const story: Section = { ...newSection('paragraph', 'p-story'), delta: { ops: [{ insert: 'The lighthouses', attributes: { link: STORY_URL } }, { insert: '\n' }] } };
  const draft = { ...newDraftLetter({ uniqueId, channel, author: null, now: new Date().toISOString() }), title: TITLE };
  draft.blocks = serializeSections([story, newSection('footer', `${uniqueId}-footer`)]);
  const letter = await client.createLetter('demo', 'weekly', createPayload(draft, channel.id));
  await scheduleSoon(client, letter, { secondsAhead: 2, zone: ZONE, subtitle: 'From the isles', title: TITLE });
  return letter.id!;
}

async function keptEmails(letterId: number) {
  const { token } = await signIn(app.host.platformUrl);
  const response = await fetch(`${app.host.platformUrl}${platformPaths.localMailbox()}`, { headers: { authorization: `Bearer ${token}` } });
  return LocalMailboxResponseSchema.parse(await response.json()).items.filter((item) => item.letterId === letterId);
}

/** What the platform wrote down for the letter: its readers' opens and clicks. */
async function recorded(letterId: number) {
  return withPlatformDb(app.host, async (db) => {
    const row = await sql<{ opens: string; clicks: string }>`
      SELECT (SELECT count(*) FROM recipient_opens WHERE letter_id = ${letterId}) AS opens,
             (SELECT count(*) FROM recipient_clicks WHERE letter_id = ${letterId}) AS clicks`.execute(db);
    return { opens: Number(row.rows[0]!.opens), clicks: Number(row.rows[0]!.clicks) };
  });
}

describe('the local mailbox', () => {
  it('shows a kept send without counting an open, and opens its link in a new tab without counting a click', async () => {
    const letterId = await sendLetter();
    await expect.poll(async () => (await keptEmails(letterId)).length, { timeout: 150_000, interval: 500 }).toBeGreaterThan(0);
    // The kept email is the reader's own: pixel and tracked link, as it would have been sent.
    const kept = (await keptEmails(letterId))[0]!;
    expect(kept.html).toMatch(/\/t\/o\/[0-9a-f]+\.gif/);
    expect(kept.html).toMatch(/href="[^"]*\/t\/c\/[0-9a-f]+\/\d+"/);

    const context = app.page.context();
    await context.route(`${STORY_URL}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Lighthouses</title><p>The story</p>' }));

    await app.page.goto(`${app.host.appUrl}/local-mailbox`);
    const list = app.page.getByRole('navigation', { name: 'Kept emails' });
    await expect.poll(() => list.getByText(TITLE).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await list.getByText(TITLE).first().click();
    const frameElement = app.page.locator('iframe[title="Kept email content"]');
    const email = app.page.frameLocator('iframe[title="Kept email content"]');
    await expect.poll(() => email.getByRole('link', { name: 'The lighthouses' }).count(), { timeout: 15_000 }).toBe(1);
    // Every image of the email has loaded (or failed) once the frame's load event has fired.
    const frame = (await (await frameElement.elementHandle())!.contentFrame()) as Frame;
    await frame.waitForLoadState('load');
    expect(await recorded(letterId)).toEqual({ opens: 0, clicks: 0 });

    const [tab] = await Promise.all([context.waitForEvent('page'), email.getByRole('link', { name: 'The lighthouses' }).click()]);
    await tab.waitForLoadState('load');
    expect(tab.url()).toBe(STORY_URL);
    expect(await tab.title()).toBe('Lighthouses');
    // The app stays where it was: the link opened beside it, not in the frame or the window.
    expect(new URL(app.page.url()).pathname).toBe('/local-mailbox');
    await tab.close();
    expect(await recorded(letterId)).toEqual({ opens: 0, clicks: 0 });
  }, 240_000);
});

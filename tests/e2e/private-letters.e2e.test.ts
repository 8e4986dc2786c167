import { describe, expect, it } from 'vitest';
import { letterPath, newslettersPath } from '../../shared/app-paths';
import { publicPagePaths } from '../../shared/contract/public-pages';
import { newSection } from '../../shared/model/section-factory';
import { specCreatePayload } from '../../src-server/testing/letter-fixtures';
import { useAppInBrowser } from './support/app-in-browser';
import { signedInClient } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { scheduleSoon } from './support/schedule-soon';

// A letter sent to a segment is private: its web archive page is the neutral 404 until the
// editor makes it public from the composer's more-menu (then it answers 200), and the
// letters list marks it Private until then. Sent through a real SMTP server on loopback.

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const ZONE = 'America/New_York';
const SUBJECT = 'For our VIP readers only';

describe('a letter sent to a segment', () => {
  it('is private until the editor makes it public from the more-menu', async () => {
    const client = await signedInClient(app.host.platformUrl);
    const weekly = (await client.me()).organizations.flatMap((org) => org.channels).find((channel) => channel.channelSlug === 'weekly')!;
    const vip = await client.audience.createSegment('demo', 'weekly', { name: 'VIP', criteria: { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'vip' }] } });

    const blocks = JSON.stringify([newSection('paragraph', 'story'), newSection('footer', 'footer')]);
    const letter = await client.createLetter('demo', 'weekly', { ...specCreatePayload(weekly.id), blocks, title: SUBJECT });
    const id = letter.id!;
    // The schedule step's own call (save-on-scheduling) with the segment, the editor having chosen nothing.
    await scheduleSoon(client, letter, { secondsAhead: 4, zone: ZONE, segmentId: vip.id, emailTemplate: '', subtitle: 'Members', title: SUBJECT });
    await expect.poll(async () => (await client.getLetter('demo', 'weekly', id))?.publicationStatus, { timeout: 90_000, interval: 1_000 }).toBe(1);
    expect(smtp.received.filter((message) => message.mail.subject === SUBJECT).flatMap((message) => message.envelope.to)).toEqual(['ada@example.com']);

    const archive = `${app.host.platformUrl}${publicPagePaths.letterArchive('weekly', letter.uniqueId)}`;
    const hidden = await app.page.goto(archive);
    expect(hidden?.status()).toBe(404);
    expect(await app.page.getByRole('heading', { name: 'This link is no longer valid.' }).count()).toBe(1);

    // The letters list marks it.
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    const row = app.page.getByRole('row').filter({ has: app.page.getByRole('link', { name: SUBJECT }) });
    await expect.poll(() => row.getByText('Private', { exact: true }).count(), { timeout: 20_000 }).toBe(1);

    // The composer's more-menu of the sent letter.
    await app.page.goto(`${app.host.appUrl}${letterPath('demo', 'weekly', id)}`);
    await app.page.getByRole('button', { name: 'More actions' }).click();
    await app.page.getByRole('menuitem', { name: 'Make public on the web archive' }).click();
    await expect.poll(() => app.page.getByText('The letter is public on the web archive.').count(), { timeout: 20_000 }).toBe(1);
    expect((await client.getLetter('demo', 'weekly', id))?.private).toBe(false);

    const shown = await app.page.goto(archive);
    expect(shown?.status()).toBe(200);
    expect(await app.page.title()).toBe(SUBJECT);

    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    await expect.poll(() => app.page.getByRole('link', { name: SUBJECT }).count(), { timeout: 20_000 }).toBe(1);
    expect(await row.getByText('Private', { exact: true }).count()).toBe(0);
  }, 180_000);
});

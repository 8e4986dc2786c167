import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { signedInClient } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { expectAccessible } from './support/axe';
import { scheduleSoon } from './support/schedule-soon';

// A scheduled send as the editor lives it: the letter goes out at its time through a real
// SMTP server on loopback, and the app says so ('Sending …', then '… has been sent' in its
// place) with a way to the letter, which now reads Published.

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const ZONE = 'America/New_York';
const TITLE = 'Harvest notes for the week';


describe('a scheduled send', () => {
  it('is announced as it starts and when it has been sent, and leads to the published letter', async () => {
    await app.page.goto(app.host.appUrl);
    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    const id = Number(app.page.url().split('/').pop());
    await app.page.getByRole('textbox', { name: 'Title' }).fill(TITLE);

    const client = await signedInClient(app.host.platformUrl);
    await expect.poll(async () => (await client.getLetter('demo', 'weekly', id))?.title, { timeout: 15_000 }).toBe(TITLE);
    const letter = (await client.getLetter('demo', 'weekly', id))!;
    // Scheduled a few seconds ahead through the platform API (the schedule step's own
    // fields and minute-precise picker are covered by schedule.e2e): here the send matters.
    await scheduleSoon(client, letter, { secondsAhead: 6, zone: ZONE, subtitle: 'What came in from the fields', title: TITLE });

    // The list pulls at once, so the app knows a send is due and listens closely.
    await app.page.getByRole('link', { name: 'Newsletters' }).first().click();
    const toast = (title: string) => app.page.getByRole('alert').filter({ hasText: title });
    // A slow mail server keeps the send going long enough for the app to hear it started.
    smtp.delayMessages(6_000);
    await expect.poll(() => toast(`Sending “${TITLE}”`).count(), { timeout: 60_000 }).toBe(1);
    expect(await toast(`Sending “${TITLE}”`).textContent()).toMatch(/Your newsletter is on its way to \d+ subscribers?\./);
    // The outcome takes the place of 'Sending …'.
    await expect.poll(() => toast(`“${TITLE}” has been sent`).count(), { timeout: 90_000 }).toBe(1);
    expect(await toast(`Sending “${TITLE}”`).count()).toBe(0);

    const delivered = smtp.received.filter((message) => message.mail.subject === TITLE);
    expect(delivered.length).toBeGreaterThan(0);
    expect(await toast(`“${TITLE}” has been sent`).textContent()).toContain(`Delivered to ${delivered.length} of ${delivered.length} subscribers.`);
    // A titled toast's message once read in Mantine's light grey (3.3:1).
    await expectAccessible(app.page, "The 'has been sent' toast");

    await toast(`“${TITLE}” has been sent`).getByRole('button', { name: 'Open the newsletter' }).click();
    // The composer may show the letter's address with its number once it has loaded it.
    await expect.poll(() => app.page.url()).toMatch(new RegExp(`/newsletters/(${letter.uniqueId}|${id})$`));
    await expect.poll(() => app.page.getByText('Published', { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect((await client.getLetter('demo', 'weekly', id))?.publicationStatus).toBe(1);
  }, 150_000);
});

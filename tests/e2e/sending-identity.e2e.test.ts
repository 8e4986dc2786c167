import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelSettingsPath, sendingDomainsPath, settingsPath } from '../../shared/app-paths';
import { SENDING_MESSAGES, fromDomainUnverifiedMessage } from '../../shared/rules/sending-identity';
import { startLoopbackDns, type LoopbackDns } from '../../src-server/testing/loopback-dns';
import { startTestSmtp, type ReceivedMail, type TestSmtp } from '../../src-server/testing/smtp-fixture';
import { useAppInBrowser } from './support/app-in-browser';
import { signedInClient } from './support/platform-session';
import { expectAccessible } from './support/axe';
import { scheduleSoon } from './support/schedule-soon';

// Issue 29 end to end: the editor adds a sending domain in Chromium, the records the screen
// lists are published in a DNS server on loopback (the platform's Check DNS asks only it,
// through DNS_SERVERS), Check DNS verifies the domain, the channel sends From it, and the
// letter that reaches a loopback SMTP server is DKIM-signed (checked against the same DNS),
// multipart with a text part, and carries the headers inbox providers ask of bulk senders.

let smtp: TestSmtp;
let dns: LoopbackDns;
// Registered before the app's hooks, so the platform starts with these servers.
beforeAll(async () => {
  smtp = await startTestSmtp();
  dns = await startLoopbackDns();
});
afterAll(async () => {
  await smtp?.close();
  await dns?.close();
});

const MAIL_HOSTNAME = 'mail.letterdesk.test';
const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, DNS_SERVERS: dns.server, MAIL_HOSTNAME, LETTERDESK_PUSH_DELAY_MS: '200' }));
const DOMAIN = 'news.example.com';
const FROM = { name: 'Harbour Weekly', address: `letters@${DOMAIN}` };
const REPLY_TO = 'editor@example.org';
const TITLE = 'Signed at the harbour';
const ZONE = 'America/New_York';

const page = () => app.page;
const domainCard = () => page().getByRole('article', { name: DOMAIN });
const recordRow = (label: string) => domainCard().getByRole('row', { name: `${label} record` });

/** The badge comes first in a status cell, then what DNS answered. */
const statusOf = (cell: string) => ['Found', 'Missing', 'Different', 'Not checked'].find((label) => cell.trim().startsWith(label)) ?? cell;

/** The records as the screen lists them: type, name and value read from the page. */
async function recordsOnScreen(): Promise<Array<{ label: string; type: string; name: string; value: string; status: string }>> {
  const rows = domainCard().getByRole('row').filter({ has: page().locator('td') });
  const records = [];
  for (const row of await rows.all()) {
    const cells = row.locator('td');
    records.push({
      label: (await row.getAttribute('aria-label'))!.replace(/ record$/, ''),
      type: (await cells.nth(1).textContent())!.trim(),
      name: (await cells.nth(2).textContent())!.trim(),
      value: (await cells.nth(3).textContent())!.trim(),
      status: statusOf((await cells.nth(4).textContent()) ?? ''),
    });
  }
  return records;
}

/** What the loopback DNS answers, in the shapes node's resolver gives mailauth. */
function loopbackResolver() {
  const resolver = new Resolver({ timeout: 3_000, tries: 1 });
  resolver.setServers([dns.server]);
  return async (name: string, type: string) => (type === 'TXT' ? resolver.resolveTxt(name) : (resolver.resolve(name, type) as Promise<string[]>));
}

/** A header as sent (mailparser turns List-* headers into objects; the raw line is what a mail client reads). */
const headerOf = (message: ReceivedMail, name: string) =>
  message.mail.headerLines
    .find((line) => line.key === name.toLowerCase())
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim();

/** The message with one letter of its body changed (a signature must no longer verify). */
function withOneBodyByteChanged(raw: Buffer): Buffer {
  const copy = Buffer.from(raw);
  const bodyStart = copy.indexOf('\r\n\r\n') + 4;
  // The last letter of the body: changing a letter (not white space) alters every canonical form.
  for (let at = copy.length - 1; at > bodyStart; at -= 1) {
    const byte = copy[at]!;
    if ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)) {
      copy[at] = byte === 0x41 ? 0x42 : 0x41;
      return copy;
    }
  }
  throw new Error('the message has no letter in its body');
}

describe('a sending domain, from Sending domains to a signed letter', () => {
  it('refuses a domain that is no domain and adds nothing', async () => {
    await page().goto(app.host.appUrl);
    await expect.poll(() => page().url(), { timeout: 30_000 }).toMatch(/\/newsletters$/);
    await page().getByRole('link', { name: 'Sending domains' }).click();
    await expect.poll(() => page().url()).toBe(`${app.host.appUrl.replace(/\/$/, '')}${sendingDomainsPath('demo')}`);
    await expect.poll(() => page().getByText('No sending domains yet').count(), { timeout: 15_000 }).toBe(1);

    await page().getByRole('textbox', { name: 'Domain' }).fill('https://news.example.com/letters');
    await page().getByRole('button', { name: 'Add domain' }).click();
    await expect.poll(() => page().getByText(SENDING_MESSAGES.domain).count()).toBe(1);
    expect(await page().getByRole('article').count()).toBe(0);
    expect(await page().getByText('No sending domains yet').count()).toBe(1);
  });

  it('adds the domain, publishes its records, verifies it with Check DNS and sends a DKIM-signed letter From it', async () => {
    // Add: the records to publish, none checked yet.
    await page().getByRole('textbox', { name: 'Domain' }).fill(DOMAIN);
    await page().getByRole('button', { name: 'Add domain' }).click();
    await expect.poll(() => domainCard().count(), { timeout: 15_000 }).toBe(1);
    expect(await domainCard().getByText('Not verified', { exact: true }).count()).toBe(1);
    const records = await recordsOnScreen();
    expect(records.map((record) => [record.label, record.type, record.status])).toEqual([
      ['DKIM', 'TXT', 'Not checked'],
      ['SPF', 'TXT', 'Not checked'],
      ['Return path', 'MX', 'Not checked'],
      ['DMARC', 'TXT', 'Not checked'],
    ]);
    expect(records.find((record) => record.label === 'Return path')).toMatchObject({ name: `bounces.${DOMAIN}`, value: `10 ${MAIL_HOSTNAME}` });
    expect(await recordRow('DKIM').getByRole('button', { name: 'Copy the value of the DKIM record' }).count()).toBe(1);
    expect(await recordRow('SPF').textContent()).toContain('SPF for the return-path domain');

    // The channel sends From the domain before it is verified: saved, and the card says what to do.
    await page().goto(`${app.host.appUrl.replace(/\/$/, '')}${channelSettingsPath('demo', 'weekly')}`);
    const identity = page().getByRole('region', { name: 'Sending identity' });
    await expect.poll(() => identity.getByRole('textbox', { name: 'From address' }).count(), { timeout: 15_000 }).toBe(1);
    await identity.getByRole('textbox', { name: 'Reply-To' }).fill('not an address');
    await expect.poll(() => identity.getByText(SENDING_MESSAGES.replyTo).count()).toBe(1);
    await identity.getByRole('textbox', { name: 'From name' }).fill(FROM.name);
    await identity.getByRole('textbox', { name: 'From address' }).fill(FROM.address);
    await identity.getByRole('textbox', { name: 'Reply-To' }).fill(REPLY_TO);
    await identity.getByRole('button', { name: 'Save sending identity' }).click();
    await expect.poll(() => identity.getByText(fromDomainUnverifiedMessage(DOMAIN)).count(), { timeout: 15_000 }).toBe(1);
    expect(await identity.getByText('Domain not verified').count()).toBe(1);

    // A test email from a domain not verified yet is refused with the platform's sentence.
    await page().getByRole('link', { name: 'Newsletters' }).first().click();
    await page().getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => page().url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    const id = Number(page().url().split('/').pop());
    await page().getByRole('textbox', { name: 'Title' }).fill(TITLE);
    await page().getByRole('region', { name: 'Canvas' }).focus();
    await page().keyboard.press('Control+Shift+E');
    const dialog = page().getByRole('dialog', { name: 'Send a Test Email' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('reader@example.org');
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => dialog.getByRole('status').textContent(), { timeout: 30_000 }).toBe(fromDomainUnverifiedMessage(DOMAIN));
    expect(smtp.received.length).toBe(0);
    await page().keyboard.press('Escape');

    // Publish what the screen listed, then Check DNS: every record found, the domain verified.
    for (const record of records) {
      if (record.type === 'MX') {
        const [priority, exchange] = record.value.split(' ');
        dns.setMx(record.name, exchange!, Number(priority));
      } else {
        dns.setTxt(record.name, record.value);
      }
    }
    await page().goto(`${app.host.appUrl.replace(/\/$/, '')}${sendingDomainsPath('demo')}`);
    await expect.poll(() => domainCard().count(), { timeout: 15_000 }).toBe(1);
    await domainCard().getByRole('button', { name: 'Check DNS' }).click();
    await expect.poll(() => domainCard().getByText('Verified', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    expect((await recordsOnScreen()).map((record) => [record.label, record.status])).toEqual([
      ['DKIM', 'Found'],
      ['SPF', 'Found'],
      ['Return path', 'Found'],
      ['DMARC', 'Found'],
    ]);
    expect(await recordRow('Return path').textContent()).toContain(`DNS answered: 10 ${MAIL_HOSTNAME}`);
    await expectAccessible(page(), 'Sending domains');

    // The channel now sends From its own address, and Settings has nothing about it to report.
    await page().goto(`${app.host.appUrl.replace(/\/$/, '')}${channelSettingsPath('demo', 'weekly')}`);
    const effective = page().getByRole('status', { name: 'Effective From' });
    await expect.poll(() => effective.textContent(), { timeout: 15_000 }).toContain(`"${FROM.name}" <${FROM.address}>`);
    expect(await effective.textContent()).toContain('Verified domain');
    await expectAccessible(page(), 'Channel settings with the sending identity');
    await page().goto(`${app.host.appUrl.replace(/\/$/, '')}${settingsPath}`);
    const deliverability = page().getByRole('region', { name: 'Deliverability of Demo' });
    await expect.poll(() => deliverability.getByRole('link', { name: 'Open Sending domains' }).count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => deliverability.textContent()).not.toContain('Loading');
    expect(await deliverability.textContent()).not.toContain('No sending domain of this organization is verified');
    expect(await deliverability.textContent()).not.toContain(`sends from ${FROM.address}`);
    await expectAccessible(page(), 'Settings with the deliverability checks');

    // Scheduled a few seconds ahead through the platform API (schedule.e2e covers the step): here the email matters.
    const client = await signedInClient(app.host.platformUrl);
    await expect.poll(async () => (await client.getLetter('demo', 'weekly', id))?.title, { timeout: 15_000 }).toBe(TITLE);
    const letter = (await client.getLetter('demo', 'weekly', id))!;
    await scheduleSoon(client, letter, { secondsAhead: 3, zone: ZONE, subtitle: 'Signed, sealed, delivered', title: TITLE });
    await expect.poll(() => smtp.received.filter((message) => message.mail.subject === TITLE).length, { timeout: 60_000, interval: 250 }).toBeGreaterThan(0);
    const message = smtp.received.find((received) => received.mail.subject === TITLE)!;

    // Signed with the domain's key, which the loopback DNS publishes: the signature verifies, and one changed byte breaks it.
    const resolver = loopbackResolver();
    const verified = await dkimVerify(message.raw, { resolver });
    expect(verified.results.map((result) => [result.signingDomain, result.status.result])).toEqual([[DOMAIN, 'pass']]);
    expect(verified.results[0]!.selector).toBe(records[0]!.name.split('.')[0]);
    const tampered = await dkimVerify(withOneBodyByteChanged(message.raw), { resolver });
    expect(tampered.results.map((result) => result.status.result)).not.toContain('pass');

    // What inbox providers ask of bulk mail.
    expect(message.mail.from?.value).toEqual([FROM]);
    expect(message.mail.replyTo?.value.map((mailbox) => mailbox.address)).toEqual([REPLY_TO]);
    expect(message.envelope.from).toMatch(new RegExp(`^bounce-[0-9a-f]{40}@bounces\\.${DOMAIN.replace(/\./g, '\\.')}$`));
    expect((message.mail.headers.get('content-type') as { value: string }).value).toBe('multipart/alternative');
    expect(message.raw.toString('latin1')).toMatch(/^Content-Type: text\/plain/im);
    expect(message.mail.text?.trim().length ?? 0).toBeGreaterThan(0);
    expect(headerOf(message, 'List-Id')).toMatch(/<weekly\.demo\.[^>]+>$/);
    expect(headerOf(message, 'Feedback-ID')).toMatch(new RegExp(`^${id}:${letter.channelId}:\\d+:letterdesk$`));
    const unsubscribe = headerOf(message, 'List-Unsubscribe') ?? '';
    expect(unsubscribe).toMatch(/^<https?:\/\/[^>]+>, <mailto:unsubscribe-[^@>]+@bounces\.news\.example\.com\?subject=unsubscribe>$/);
    expect(headerOf(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });
});

import { createPublicKey } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { ChannelSenderResponse, SendingDomain } from '../../shared/contract/platform-sending';
import { SENDING_MESSAGES, fromDomainUnknownMessage, fromDomainUnverifiedMessage } from '../../shared/rules/sending-identity';
import { addMembership, createUser } from '../db/accounts';
import { signIn } from '../testing/test-app';
import { startLoopbackDns } from '../testing/loopback-dns';
import type { LoopbackDns } from '../testing/loopback-dns';
import type { ReceivedMail } from '../testing/smtp-fixture';
import { HARNESS_MAIL_HOSTNAME, PUBLIC_URL, TIDES_URL, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';
import { SENDING_DOMAINS_MANAGERS_ONLY } from '../routes/sending-domains';

// Sending domains and what they do to the mail that leaves (issue 29): the records an
// organization publishes, Check DNS against a real DNS server on loopback, and every kind of
// email — a test, a scheduled send, an export — DKIM-signed with the domain's key, checked
// by a real verifier (mailauth) against the key that DNS server serves.

const DOMAIN = 'news.example.com';
const FROM = `letters@${DOMAIN}`;

let dns: LoopbackDns;
let h: TrackingHarness;
let resolver: Resolver;

beforeAll(async () => {
  dns = await startLoopbackDns();
  h = await startTrackingHarness({ dnsServer: dns.server });
  resolver = new Resolver();
  resolver.setServers([dns.server]);
});
afterAll(async () => {
  await h?.close();
  await dns?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = h.editor) =>
  h.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function addDomain(domain: string): Promise<SendingDomain> {
  const response = await call('POST', platformPaths.sendingDomains('demo'), { domain });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SendingDomain>();
}

async function check(id: number): Promise<SendingDomain> {
  const response = await call('POST', platformPaths.sendingDomainCheck('demo', id));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SendingDomain>();
}

/** Publishes what the platform lists, as the domain's owner would at their DNS host. */
function publish(domain: SendingDomain, kinds: readonly string[] = ['dkim', 'dkim-next', 'dkim-previous', 'spf', 'return-path', 'dmarc']): void {
  for (const record of domain.records.filter((r) => kinds.includes(r.kind))) {
    if (record.type === 'MX') dns.setMx(record.name, record.value.split(' ')[1]!, Number(record.value.split(' ')[0]));
    else dns.setTxt(record.name, record.value);
  }
}

async function setSender(body: { fromName: string; fromAddress: string; replyTo: string }) {
  return call('PUT', platformPaths.channelSender('demo', 'weekly'), body);
}

/** mailauth's verdict on the message's DKIM signature, asking the loopback DNS for the key. */
async function dkimOf(raw: Buffer | string) {
  const result = await dkimVerify(raw, {
    resolver: async (name: string, type: string) => (type === 'TXT' ? resolver.resolveTxt(name) : (resolver.resolve(name, type) as Promise<string[]>)),
  });
  return result.results.map((entry) => ({ result: entry.status.result, domain: entry.signingDomain, selector: entry.selector }));
}

/** The raw message with one byte of its body changed. */
function tampered(mail: ReceivedMail): string {
  const raw = mail.raw.toString('utf8');
  const bodyStart = raw.indexOf('\r\n\r\n') + 4;
  const at = raw.indexOf('Content-Type: text/plain', bodyStart);
  const spot = raw.indexOf('\r\n\r\n', at) + 4;
  const byte = raw[spot]!;
  return raw.slice(0, spot) + (byte === 'A' ? 'B' : 'A') + raw.slice(spot + 1);
}

let domain: SendingDomain;

describe('sending domains', () => {
  it('adds a domain with a 2048-bit DKIM key and the records to publish, and never answers the private key', async () => {
    domain = await addDomain(' News.Example.com. ');
    expect(domain.domain).toBe(DOMAIN);
    expect(domain.returnPathDomain).toBe(`bounces.${DOMAIN}`);
    expect(domain.verified).toBe(false);
    expect(domain.records.map((record) => [record.kind, record.type, record.name, record.required, record.status])).toEqual([
      ['dkim', 'TXT', `${domain.dkimSelector}._domainkey.${DOMAIN}`, true, 'unchecked'],
      ['spf', 'TXT', `bounces.${DOMAIN}`, true, 'unchecked'],
      ['return-path', 'MX', `bounces.${DOMAIN}`, true, 'unchecked'],
      ['dmarc', 'TXT', `_dmarc.${DOMAIN}`, false, 'unchecked'],
    ]);
    const dkim = domain.records[0]!.value;
    expect(dkim).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]+=*$/);
    const key = createPublicKey({ key: Buffer.from(dkim.split('p=')[1]!, 'base64'), format: 'der', type: 'spki' });
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(domain.records[1]!.value).toBe(`v=spf1 a:${HARNESS_MAIL_HOSTNAME} ~all`);
    expect(domain.records[2]!.value).toBe(`10 ${HARNESS_MAIL_HOSTNAME}`);

    // Sealed at rest; no answer carries it.
    const row = await h.t.db.selectFrom('dkimKeys').select('sealedPrivateKey').executeTakeFirstOrThrow();
    expect(row.sealedPrivateKey).toMatch(/^v1\./);
    expect(row.sealedPrivateKey).not.toContain('PRIVATE KEY');
    const list = await call('GET', platformPaths.sendingDomains('demo'));
    for (const body of [list.body, JSON.stringify(domain)]) {
      expect(body).not.toMatch(/PRIVATE|sealed|v1\.[A-Za-z0-9_-]{8}\./i);
    }
  });

  it('refuses what is not a domain, and a domain added twice, with the message, saving nothing', async () => {
    const before = await h.t.db.selectFrom('sendingDomains').select('id').execute();
    for (const bad of ['https://example.org', 'me@example.org', 'localhost', 'exa mple.org', '-bad.example.org', 'example.org/path', '192.168.1.1', '']) {
      const response = await call('POST', platformPaths.sendingDomains('demo'), { domain: bad });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().errors.domain).toEqual([SENDING_MESSAGES.domain]);
    }
    const twice = await call('POST', platformPaths.sendingDomains('demo'), { domain: DOMAIN.toUpperCase() });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.domain).toEqual([SENDING_MESSAGES.domainTaken]);
    expect(await h.t.db.selectFrom('sendingDomains').select('id').execute()).toEqual(before);
  });

  it('Check DNS: missing before publishing, different for another key or SPF, found once published; verified only with every required record', async () => {
    const unpublished = await check(domain.id);
    expect(unpublished.records.map((record) => record.status)).toEqual(['missing', 'missing', 'missing', 'missing']);
    expect(unpublished.verified).toBe(false);

    publish(domain);
    dns.setTxt(domain.records[0]!.name, 'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAsomeoneelse');
    dns.setTxt(`bounces.${DOMAIN}`, 'v=spf1 include:_spf.elsewhere.example ~all');
    const wrong = await check(domain.id);
    expect(wrong.records.map((record) => record.status)).toEqual(['different', 'different', 'found', 'found']);
    expect(wrong.records[0]!.found[0]).toContain('someoneelse');
    expect(wrong.verified).toBe(false);

    publish(domain);
    dns.remove(`_dmarc.${DOMAIN}`);
    const published = await check(domain.id);
    // DMARC is a suggestion: the domain sends without one.
    expect(published.records.map((record) => record.status)).toEqual(['found', 'found', 'found', 'missing']);
    expect(published.verified).toBe(true);
    expect(published.verifiedAt).not.toBeNull();
    publish(domain);
    expect((await check(domain.id)).records.every((record) => record.status === 'found')).toBe(true);
  });

  it('lets only owners and admins change sending domains; every member may read them', async () => {
    const org = await h.t.db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const user = await createUser(h.t.db, { email: 'writer@demo.test', password: 'writer-password', name: 'Wri', surname: 'Ter' });
    await addMembership(h.t.db, { userId: user.id, organizationId: org.id, role: 'editor' });
    const writer = await signIn(h.app, 'writer@demo.test', 'writer-password');
    expect((await call('GET', platformPaths.sendingDomains('demo'), undefined, writer)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', platformPaths.sendingDomains('demo'), { domain: 'writer.example.org' }],
      ['POST', platformPaths.sendingDomainCheck('demo', domain.id), undefined],
      ['POST', platformPaths.sendingDomainRotateDkim('demo', domain.id), undefined],
      ['DELETE', platformPaths.sendingDomain('demo', domain.id), undefined],
    ] as const) {
      const response = await call(method, url, body, writer);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(SENDING_DOMAINS_MANAGERS_ONLY);
    }
    const checks = await call('GET', platformPaths.deliverabilityChecks('demo'), undefined, writer);
    expect(checks.json()).toEqual([]);
  });
});

describe('a channel’s sending identity', () => {
  it('refuses a bad From, a From outside the organization’s domains and a bad Reply-To, saving nothing', async () => {
    const before = (await call('GET', platformPaths.channelSender('demo', 'weekly'))).json<ChannelSenderResponse>();
    const cases: [object, string, string][] = [
      [{ fromName: 'W', fromAddress: 'not an address', replyTo: '' }, 'fromAddress', SENDING_MESSAGES.fromAddress],
      [{ fromName: 'W', fromAddress: 'news@elsewhere.example.org', replyTo: '' }, 'fromAddress', fromDomainUnknownMessage('elsewhere.example.org')],
      [{ fromName: 'W', fromAddress: FROM, replyTo: 'nobody' }, 'replyTo', SENDING_MESSAGES.replyTo],
      [{ fromName: 'Line\nbreak', fromAddress: FROM, replyTo: '' }, 'fromName', SENDING_MESSAGES.fromName],
    ];
    for (const [body, field, message] of cases) {
      const response = await setSender(body as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await call('GET', platformPaths.channelSender('demo', 'weekly'))).json()).toEqual(before);
    expect(before).toMatchObject({ fromAddress: '', effectiveFrom: '"The Weekly" <news@weekly.example>', fromDomainVerified: false });
  });

  it('refuses to schedule or send a test from a domain not yet verified, naming it', async () => {
    const other = await addDomain('other.example.org');
    const saved = await setSender({ fromName: 'The Weekly', fromAddress: 'hello@other.example.org', replyTo: '' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ fromDomainVerified: false, effectiveFrom: '"The Weekly" <news@weekly.example>' });
    const checks = (await call('GET', platformPaths.deliverabilityChecks('demo'))).json<{ code: string; message: string }[]>();
    expect(checks.map((item) => item.code)).toContain('channel-from-unverified');

    const letter = await h.draftLetter();
    const test = await call('POST', platformPaths.sendTestEmail(h.weekly.channelId, letter.id!), { toEmail: 'me@example.com' });
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe(fromDomainUnverifiedMessage('other.example.org'));
    const { segmentId } = await h.audience(['ann']);
    await expect(h.sendLetter(segmentId)).rejects.toThrow(fromDomainUnverifiedMessage('other.example.org'));
    expect(h.smtp.received.filter((mail) => mail.envelope.to.includes('me@example.com'))).toHaveLength(0);

    // A domain a channel sends from cannot be removed from under it.
    const removal = await call('DELETE', platformPaths.sendingDomain('demo', other.id));
    expect(removal.statusCode).toBe(409);
    expect((await setSender({ fromName: 'The Weekly', fromAddress: FROM, replyTo: 'Editor@Example.com' })).statusCode).toBe(200);
    expect((await call('DELETE', platformPaths.sendingDomain('demo', other.id))).statusCode).toBe(204);
  });
});

describe('every email leaves signed and identified', () => {
  it('signs a test email, a scheduled send and an export with the domain’s key; one changed byte fails', async () => {
    const sender = (await call('GET', platformPaths.channelSender('demo', 'weekly'))).json<ChannelSenderResponse>();
    expect(sender).toEqual({ fromName: 'The Weekly', fromAddress: FROM, replyTo: 'Editor@example.com', effectiveFrom: `"The Weekly" <${FROM}>`, fromDomainVerified: true });

    const draft = await h.draftLetter();
    expect((await call('POST', platformPaths.sendTestEmail(h.weekly.channelId, draft.id!), { toEmail: 'tester@example.com' })).statusCode).toBe(200);
    const { segmentId, email } = await h.audience(['ada']);
    const letter = await h.sendLetter(segmentId);
    const exported = await call('POST', platformPaths.dashboardExport('demo', 'letters'), { emails: ['exports@example.com'], from: '2026-01-01', to: '2026-12-31' });
    expect(exported.statusCode, exported.body).toBe(202);
    await expect.poll(() => h.smtp.received.some((mail) => mail.envelope.to.includes('exports@example.com')), { timeout: 20_000 }).toBe(true);

    const kinds = { test: h.mailTo('tester@example.com'), scheduled: h.mailTo(email('ada')), export: h.mailTo('exports@example.com') };
    for (const [kind, mail] of Object.entries(kinds)) {
      expect(await dkimOf(mail.raw), kind).toEqual([{ result: 'pass', domain: DOMAIN, selector: domain.dkimSelector }]);
      expect((await dkimOf(tampered(mail)))[0]!.result, kind).not.toBe('pass');
      expect(mail.mail.from?.value, kind).toEqual([{ name: 'The Weekly', address: FROM }]);
      expect(mail.envelope.from, kind).toMatch(new RegExp(`^bounce(-[0-9a-f]{40})?@bounces\\.news\\.example\\.com$`));
      expect(mail.mail.headers.get('feedback-id'), kind).toMatch(/^(\d+|platform):\d+:\d+:letterdesk$/);
    }

    const scheduled = kinds.scheduled;
    const token = (await h.t.db.selectFrom('letterRecipients').select('trackingToken').where('letterId', '=', letter.id!).executeTakeFirstOrThrow()).trackingToken;
    expect(scheduled.envelope.from).toBe(`bounce-${token}@bounces.${DOMAIN}`);
    expect(scheduled.mail.replyTo?.text).toBe('Editor@example.com');
    const headerLine = (key: string) => scheduled.mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, ' ');
    expect(headerLine('list-id')).toBe(`List-ID: The Weekly <weekly.demo.${new URL(PUBLIC_URL).hostname}>`);
    expect(scheduled.mail.headers.get('feedback-id')).toBe(`${letter.id}:${h.weekly.channelId}:${(await h.t.db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id}:letterdesk`);
    const listUnsubscribe = headerLine('list-unsubscribe')!;
    expect(listUnsubscribe).toContain(`<mailto:unsubscribe-${token}@bounces.${DOMAIN}?subject=unsubscribe>`);
    expect(listUnsubscribe).toContain(`<${PUBLIC_URL}/unsubscribe/weekly/`);
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(scheduled.raw.toString('utf8')).toMatch(/Content-Type: multipart\/alternative/);
    // The text part: the letter's words and direct links, merge tags filled, never a tracked address.
    const text = scheduled.mail.text ?? '';
    expect(text).toContain(`Tide tables (${TIDES_URL})`);
    expect(text).toContain(`https://example.com/profile?email=${email('ada')}`);
    expect(text).toContain(`${PUBLIC_URL}/unsubscribe/weekly/`);
    // The reader's own signed unsubscribe link, as in the HTML.
    const htmlUnsubscribe = /href="([^"]*\/unsubscribe\/weekly\/[^"]*)"/.exec(String(scheduled.mail.html))![1]!.replace(/&amp;/g, '&');
    expect(text).toContain(htmlUnsubscribe);
    expect(text).not.toMatch(/\{\{|\/t\/[co]\//);
    expect(scheduled.mail.html).toMatch(/\/t\/c\//);
  });

  it('rotates the DKIM key in two steps: the next key signs once its record is found, the old one stays listed', async () => {
    const rotated = (await call('POST', platformPaths.sendingDomainRotateDkim('demo', domain.id))).json<SendingDomain>();
    const next = rotated.records.find((record) => record.kind === 'dkim-next')!;
    expect(next.name).not.toBe(rotated.records[0]!.name);
    expect(rotated.dkimSelector).toBe(domain.dkimSelector);
    const again = await call('POST', platformPaths.sendingDomainRotateDkim('demo', domain.id));
    expect(again.statusCode).toBe(409);

    // Not yet published: the old key still signs.
    expect((await check(domain.id)).dkimSelector).toBe(domain.dkimSelector);
    publish(rotated);
    const switched = await check(domain.id);
    const newSelector = next.name.split('.')[0]!;
    expect(switched.dkimSelector).toBe(newSelector);
    expect(switched.records.map((record) => [record.kind, record.status])).toEqual([
      ['dkim', 'found'],
      ['dkim-previous', 'found'],
      ['spf', 'found'],
      ['return-path', 'found'],
      ['dmarc', 'found'],
    ]);
    expect(switched.verified).toBe(true);

    const draft = await h.draftLetter();
    expect((await call('POST', platformPaths.sendTestEmail(h.weekly.channelId, draft.id!), { toEmail: 'rotated@example.com' })).statusCode).toBe(200);
    expect(await dkimOf(h.mailTo('rotated@example.com').raw)).toEqual([{ result: 'pass', domain: DOMAIN, selector: newSelector }]);
  });
});

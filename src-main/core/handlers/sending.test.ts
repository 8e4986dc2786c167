import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../../shared/contract/bridge';
import type { DnsRecord, SendingDomain } from '../../../shared/contract/platform-sending';
import type { Letter } from '../../../shared/model/letter';
import { SENDING_MESSAGES, fromDomainUnknownMessage, fromDomainUnverifiedMessage } from '../../../shared/rules/sending-identity';
import { startLoopbackDns, type LoopbackDns } from '../../../src-server/testing/loopback-dns';
import { SENDING_OFFLINE_MESSAGE } from './sending';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// The sending identity through the core against a real platform whose Check DNS asks a DNS
// server on loopback: a domain added, its records published there and checked, the channel's
// From on it, what is refused on the way (bad input, a From outside the organization's
// domains, a test send from a domain not verified yet), and what offline says.

let dns: LoopbackDns;
// Registered before the platform's hooks, so the platform starts asking this server.
beforeAll(async () => {
  dns = await startLoopbackDns();
});
afterAll(async () => {
  await dns?.close();
});

const MAIL_HOSTNAME = 'mail.letterdesk.test';
const testPlatform = useTestPlatform({ faultyProxy: true, platformOptions: () => ({ sending: { dnsServers: [dns.server], mailHostname: MAIL_HOSTNAME } }) });
const DEMO = { brandSlug: 'demo' } as const;
const DOMAIN = 'news.example.com';

async function failure(result: Promise<{ ok: boolean; error?: { code: string; message: string; fields?: Record<string, string[]> } }>) {
  const answer = await result;
  if (answer.ok || !answer.error) throw new Error('expected a failure');
  return answer.error;
}

/** Publishes each record as a domain's DNS would hold it. */
function publish(records: readonly DnsRecord[]) {
  for (const record of records) {
    if (record.type === 'MX') {
      const [priority, exchange] = record.value.split(' ');
      dns.setMx(record.name, exchange!, Number(priority));
    } else {
      dns.setTxt(record.name, record.value);
    }
  }
}

describe('the sending identity through the core', () => {
  it('adds a domain, refuses what is wrong, verifies it once DNS holds its records and sends from it', async () => {
    const { core } = await testPlatform.openCore();

    // A domain that is no domain: the field's message, nothing added.
    const bad = await failure(core.dispatch('sending.addDomain', { ...DEMO, domain: 'https://news.example.com/' }));
    expect(bad).toMatchObject({ code: 'invalid_input', fields: { domain: [SENDING_MESSAGES.domain] } });
    expect(await call(core, 'sending.listDomains', DEMO)).toEqual([]);

    const added = await call<SendingDomain>(core, 'sending.addDomain', { ...DEMO, domain: ' News.Example.com ' });
    expect(added).toMatchObject({ domain: DOMAIN, returnPathDomain: `bounces.${DOMAIN}`, verified: false, checkedAt: null });
    expect(added.records.map((record) => [record.kind, record.type, record.status])).toEqual([
      ['dkim', 'TXT', 'unchecked'],
      ['spf', 'TXT', 'unchecked'],
      ['return-path', 'MX', 'unchecked'],
      ['dmarc', 'TXT', 'unchecked'],
    ]);
    expect(added.records[0]!.name).toBe(`${added.dkimSelector}._domainkey.${DOMAIN}`);
    expect(added.records[2]!.value).toBe(`10 ${MAIL_HOSTNAME}`);
    const twice = await failure(core.dispatch('sending.addDomain', { ...DEMO, domain: DOMAIN }));
    expect(twice).toMatchObject({ code: 'invalid_input', fields: { domain: [SENDING_MESSAGES.domainTaken] } });

    // The channel's From: checked here (Reply-To not an address), then by the platform (a domain not the organization's).
    const replyTo = await failure(core.dispatch('sending.saveSender', { ...WEEKLY, sender: { fromName: 'Harbour', fromAddress: `letters@${DOMAIN}`, replyTo: 'editor at example' } }));
    expect(replyTo).toMatchObject({ code: 'invalid_input', fields: { 'sender.replyTo': [SENDING_MESSAGES.replyTo] } });
    const outside = await failure(core.dispatch('sending.saveSender', { ...WEEKLY, sender: { fromName: 'Harbour', fromAddress: 'letters@elsewhere.org', replyTo: '' } }));
    expect(outside).toMatchObject({ code: 'invalid_input', fields: { fromAddress: [fromDomainUnknownMessage('elsewhere.org')] } });
    expect(await call(core, 'sending.getSender', WEEKLY)).toMatchObject({ fromName: '', fromAddress: '', replyTo: '' });

    const saved = await call<ChannelOutput<'sending.saveSender'>>(core, 'sending.saveSender', {
      ...WEEKLY,
      sender: { fromName: 'Harbour Weekly', fromAddress: `Letters@${DOMAIN}`, replyTo: 'editor@example.org' },
    });
    expect(saved).toMatchObject({ fromName: 'Harbour Weekly', fromAddress: `Letters@${DOMAIN}`, replyTo: 'editor@example.org', fromDomainVerified: false });
    // Not verified yet: readers would see the platform's own address.
    expect(saved.effectiveFrom).not.toContain(DOMAIN);
    const checks = await call<ChannelOutput<'sending.deliverabilityChecks'>>(core, 'sending.deliverabilityChecks', DEMO);
    expect(checks.map((check) => check.code)).toEqual(expect.arrayContaining(['no-verified-domain', 'channel-from-unverified']));

    // A test send from a domain not verified yet: the platform's sentence, which says what to do.
    await call(core, 'app.session', {});
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'From the harbour' } });
    const refused = await failure(core.dispatch('letters.sendTest', { uniqueId: letter.uniqueId, toEmail: 'editor@example.com' }));
    expect(refused).toEqual({ code: 'conflict', message: fromDomainUnverifiedMessage(DOMAIN) });

    // Check DNS before anything is published: every record missing.
    const unpublished = await call<SendingDomain>(core, 'sending.checkDomain', { ...DEMO, id: added.id });
    expect(unpublished.verified).toBe(false);
    expect(unpublished.records.map((record) => record.status)).toEqual(['missing', 'missing', 'missing', 'missing']);

    // A wrong SPF record is 'different', with what DNS answered.
    publish(added.records.filter((record) => record.kind !== 'spf'));
    dns.setTxt(added.returnPathDomain, 'v=spf1 include:_spf.elsewhere.net ~all');
    const partly = await call<SendingDomain>(core, 'sending.checkDomain', { ...DEMO, id: added.id });
    expect(partly.verified).toBe(false);
    expect(partly.records.find((record) => record.kind === 'spf')).toMatchObject({ status: 'different', found: ['v=spf1 include:_spf.elsewhere.net ~all'] });

    publish(added.records);
    const checked = await call<SendingDomain>(core, 'sending.checkDomain', { ...DEMO, id: added.id });
    expect(checked.verified).toBe(true);
    expect(checked.records.map((record) => record.status)).toEqual(['found', 'found', 'found', 'found']);
    expect(checked.records[2]!.found).toEqual([`10 ${MAIL_HOSTNAME}`]);

    const sender = await call<ChannelOutput<'sending.getSender'>>(core, 'sending.getSender', WEEKLY);
    expect(sender).toMatchObject({ fromDomainVerified: true, effectiveFrom: `"Harbour Weekly" <Letters@${DOMAIN}>` });
    const after = await call<ChannelOutput<'sending.deliverabilityChecks'>>(core, 'sending.deliverabilityChecks', DEMO);
    expect(after.map((check) => check.code)).not.toContain('no-verified-domain');
    expect(after.map((check) => check.code)).not.toContain('channel-from-unverified');
    const sent = await call<ChannelOutput<'letters.sendTest'>>(core, 'letters.sendTest', { uniqueId: letter.uniqueId, toEmail: 'editor@example.com' });
    expect(sent.message).toBe('Test sent. It should arrive in a jiffy.');
  });

  it('rotates the DKIM key, and removes a domain only once no channel sends from it', async () => {
    const { core } = await testPlatform.openCore();
    const [domain] = await call<SendingDomain[]>(core, 'sending.listDomains', DEMO);
    const rotated = await call<SendingDomain>(core, 'sending.rotateDkim', { ...DEMO, id: domain!.id });
    const next = rotated.records.find((record) => record.kind === 'dkim-next');
    expect(next).toMatchObject({ type: 'TXT', status: 'unchecked', required: false });
    expect(next!.name).not.toBe(rotated.records[0]!.name);
    const again = await failure(core.dispatch('sending.rotateDkim', { ...DEMO, id: domain!.id }));
    expect(again.code).toBe('conflict');
    expect(again.message).toContain('waiting for its DNS record');

    publish([next!]);
    const switched = await call<SendingDomain>(core, 'sending.checkDomain', { ...DEMO, id: domain!.id });
    expect(switched.records.map((record) => record.kind)).toEqual(['dkim', 'dkim-previous', 'spf', 'return-path', 'dmarc']);
    expect(switched.records[0]!.name).toBe(next!.name);
    expect(switched.verified).toBe(true);

    const inUse = await failure(core.dispatch('sending.removeDomain', { ...DEMO, id: domain!.id }));
    expect(inUse).toEqual({ code: 'conflict', message: `The channel The Weekly sends from ${DOMAIN}: give it another From address first.` });
    await call(core, 'sending.saveSender', { ...WEEKLY, sender: { fromName: '', fromAddress: '', replyTo: '' } });
    expect(await call(core, 'sending.removeDomain', { ...DEMO, id: domain!.id })).toEqual({ id: domain!.id });
    expect(await call(core, 'sending.listDomains', DEMO)).toEqual([]);
  });

  it('offline: says the screens need a connection and changes nothing', async () => {
    const { core } = await testPlatform.openCore();
    testPlatform.proxy().mode = 'down';
    const offline = { ok: false, error: { code: 'offline', message: SENDING_OFFLINE_MESSAGE } };
    expect(await core.dispatch('sending.listDomains', DEMO)).toEqual(offline);
    expect(await core.dispatch('sending.addDomain', { ...DEMO, domain: 'offline.example.com' })).toEqual(offline);
    expect(await core.dispatch('sending.getSender', WEEKLY)).toEqual(offline);
    expect(await core.dispatch('sending.deliverabilityChecks', DEMO)).toEqual(offline);
    testPlatform.proxy().mode = 'pass';
    expect(await call(core, 'sending.listDomains', DEMO)).toEqual([]);
  });
});

describe("the organization's Iterable API key through the core", () => {
  it('is saved, shown only by its ending, refused when empty, and removed', async () => {
    const { core } = await testPlatform.openCore();
    expect(await call(core, 'sending.getIterableKey', DEMO)).toMatchObject({ configured: false, keyEnding: null, canManage: true });

    const empty = await failure(core.dispatch('sending.saveIterableKey', { ...DEMO, apiKey: '  ' }));
    expect(empty).toMatchObject({ code: 'invalid_input' });
    expect(JSON.stringify(empty)).toContain('Enter your Iterable API key.');

    const saved = await call<ChannelOutput<'sending.saveIterableKey'>>(core, 'sending.saveIterableKey', { ...DEMO, apiKey: 'server-side-key-9f8e' });
    expect(saved).toMatchObject({ kind: 'iterable', configured: true, keyEnding: '9f8e' });
    expect(JSON.stringify(await call(core, 'sending.getIterableKey', DEMO))).not.toContain('server-side-key');

    expect(await call(core, 'sending.removeIterableKey', DEMO)).toMatchObject({ configured: false, keyEnding: null });
  });
});

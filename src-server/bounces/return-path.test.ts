import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverRaw, dsnMail } from '../testing/dsn-fixtures';
import { editionMetrics } from '../tracking/edition-metrics';
import { startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';
import { startBounceListener } from './bounce-listener';
import type { BounceListener } from './bounce-listener';
import { readReturnPathAddress } from './return-path-address';

// The return path end to end over loopback SMTP: a letter sent by the real scheduled send,
// then mail to the addresses its email carries — a bounce report to its envelope sender
// that quotes nothing of the original (as many mail servers send them), and a message to
// its List-Unsubscribe mailto — delivered to the platform's inbound listener.

let h: TrackingHarness;
let listener: BounceListener;
let email: (name: string) => string;
let letterId: number;

beforeAll(async () => {
  h = await startTrackingHarness();
  listener = await startBounceListener({ db: h.t.db, port: 0 });
  const audience = await h.audience(['ada', 'bob', 'cy']);
  email = audience.email;
  letterId = (await h.sendLetter(audience.segmentId)).id!;
});
afterAll(async () => {
  await listener?.close();
  await h?.close();
});

const statusOf = async (name: string) =>
  (await h.t.db.selectFrom('subscribers').select('status').where('email', '=', email(name)).executeTakeFirstOrThrow()).status;

/** The mailto address of the email's List-Unsubscribe header. */
function unsubscribeMailto(name: string): string {
  const line = h.mailTo(email(name)).mail.headerLines.find((header) => header.key === 'list-unsubscribe')!.line.replace(/\r?\n\s+/g, ' ');
  return /<mailto:([^?>]+)/.exec(line)![1]!;
}

describe('the return path', () => {
  it('reads the email a VERP address names, and nothing else', () => {
    const token = 'a'.repeat(40);
    expect(readReturnPathAddress(`bounce-${token}@bounces.example.com`)).toEqual({ kind: 'bounce', token });
    expect(readReturnPathAddress(`Unsubscribe-${token.toUpperCase()}@bounces.example.com`)).toEqual({ kind: 'unsubscribe', token });
    for (const other of ['bounce@bounces.example.com', `bounce-${token}x@b.example`, 'postmaster@bounces.example.com', `xbounce-${token}@b.example`]) {
      expect(readReturnPathAddress(other), other).toBeNull();
    }
  });

  it('marks the reader bounced when a report quoting nothing comes to their email’s envelope sender', async () => {
    const envelopeFrom = h.mailTo(email('ada')).envelope.from;
    expect(envelopeFrom).toMatch(/^bounce-[0-9a-f]{40}@weekly\.example$/);
    // A report that names another address and quotes no header: only the envelope says whose it is.
    await deliverRaw(listener.port, dsnMail({ finalRecipient: 'someone-else@example.net', original: null }), envelopeFrom);
    expect(await statusOf('ada')).toBe('bounced');
    expect(await statusOf('bob')).toBe('active');
    expect(await editionMetrics(h.t.db, letterId)).toMatchObject({ bounced: 1, delivered: 2 });
  });

  it('changes nothing for a report to an address that names no email of ours', async () => {
    await deliverRaw(listener.port, dsnMail({ finalRecipient: email('bob'), original: null }), `bounce-${'0'.repeat(40)}@weekly.example`);
    await deliverRaw(listener.port, dsnMail({ finalRecipient: email('bob'), original: null }), 'bounce@weekly.example');
    expect(await statusOf('bob')).toBe('active');
    expect(await editionMetrics(h.t.db, letterId)).toMatchObject({ bounced: 1 });
  });

  it('unsubscribes the reader who mails their email’s List-Unsubscribe address, counted against the letter', async () => {
    const mailto = unsubscribeMailto('cy');
    expect(mailto).toMatch(/^unsubscribe-[0-9a-f]{40}@weekly\.example$/);
    await deliverRaw(listener.port, ['From: cy@example.com', `To: ${mailto}`, 'Subject: unsubscribe', '', 'unsubscribe', ''].join('\r\n'), mailto);
    expect(await statusOf('cy')).toBe('unsubscribed');
    expect(await statusOf('bob')).toBe('active');
    expect(await editionMetrics(h.t.db, letterId)).toMatchObject({ unsubscribed: 1 });
  });
});

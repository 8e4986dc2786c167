import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID } from '../../shared/model/segment';
import { startTrackingHarness } from '../../src-server/tracking/tracking-test-support';
import type { TrackingHarness } from '../../src-server/tracking/tracking-test-support';

// 'Specific emails' recipients are not subscribed (issue 38): a letter sent through the real
// scheduled send to an address that is not a subscriber reaches it, and the next letter to
// 'All active subscribers' does not. Received over loopback SMTP and parsed with mailparser.

let harness: TrackingHarness;
let subscriber: string;
let newcomer: string;

const subjectsReceivedBy = (address: string) =>
  harness.smtp.received.filter((mail) => mail.envelope.to.includes(address)).map((mail) => mail.mail.subject);

beforeAll(async () => {
  harness = await startTrackingHarness();
  const { email, tag } = await harness.audience(['subscriber']);
  subscriber = email('subscriber');
  newcomer = `newcomer.${tag}@example.com`;
});
afterAll(async () => {
  await harness?.close();
});

describe("an address reached only through 'Specific emails'", () => {
  it('gets that letter, and not the next one to all active subscribers', async () => {
    await harness.sendLetter(SPECIFIC_EMAILS_SEGMENT_ID, {
      title: 'Just for you two',
      settings: JSON.stringify({ specificEmails: [newcomer, subscriber] }),
    });
    expect(subjectsReceivedBy(newcomer)).toEqual(['Just for you two']);

    await harness.sendLetter(ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, { title: 'The weekly, for everyone' });
    expect(subjectsReceivedBy(subscriber)).toEqual(['Just for you two', 'The weekly, for everyone']);
    expect(subjectsReceivedBy(newcomer)).toEqual(['Just for you two']);
  });
});

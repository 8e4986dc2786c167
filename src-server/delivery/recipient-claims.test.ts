import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toJson } from '../db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelId, createLetterAs } from '../testing/letter-fixtures';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';
import { claimRecipients, releaseClaim, renewClaim, type ClaimOutcome, type RecipientClaim } from './recipient-claims';
import { createRecipientRecorder } from './recipient-records';

// Leased claims and per-message records on a real PostgreSQL: what several runs of one send
// (on one or several instances) rely on. Leases are made to run out by moving claimed_until
// into the past, never by waiting.

let t: TestApp;
let letterId: number;
let readers: number[];

beforeAll(async () => {
  t = await createTestApp();
  const weekly = await channelId(t.db, 'weekly');
  const editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  letterId = (await createLetterAs(t.app, editor, { brand: 'demo', channel: 'weekly', channelId: weekly }, { title: 'Claims' })).id!;
  const subscribers = await t.db
    .insertInto('subscribers')
    .values(Array.from({ length: 10 }, (_, i) => ({ channelId: weekly, uniqueId: randomUUID(), email: `claim${i}@example.com`, firstName: '', lastName: '', status: 'active' as const, tags: [], customFields: toJson({}) })))
    .returning('id')
    .execute();
  readers = subscribers.map((row) => row.id).sort((a, b) => a - b);
  await t.db
    .insertInto('letterRecipients')
    .values(subscribers.map((row, i) => ({ letterId, subscriberId: row.id, email: `claim${i}@example.com`, variant: null })))
    .execute();
});
afterAll(async () => {
  await t?.close();
});

function claimed(outcome: ClaimOutcome): RecipientClaim {
  if (outcome.kind !== 'claimed') throw new Error(`Expected a claim, got ${JSON.stringify(outcome)}`);
  return outcome.claim;
}

async function expireLease(claim: RecipientClaim) {
  await sql`UPDATE letter_recipients SET claimed_until = now() - interval '1 second' WHERE claimed_by = ${claim.token}`.execute(t.db);
}

describe('claims on a send’s recipients', () => {
  it('hand each waiting recipient to one run, a batch at most, until others hold the rest; a run out lease or a release gives them back', async () => {
    // Claimed at once by three runs, as three instances would: no reader twice, none more than the batch.
    const first = await Promise.all([0, 1, 2].map(() => claimRecipients(t.db, letterId, 3, 30)));
    const claims = first.map(claimed);
    const ids = claims.flatMap((claim) => claim.subscriberIds);
    expect(claims.map((claim) => claim.subscriberIds.length)).toEqual([3, 3, 3]);
    expect(new Set(ids).size).toBe(9);

    const last = claimed(await claimRecipients(t.db, letterId, 3, 30));
    expect(last.subscriberIds).toHaveLength(1);
    const held = await claimRecipients(t.db, letterId, 3, 30);
    expect(held.kind).toBe('held');
    if (held.kind === 'held') expect(held.leaseEndsInMs).toBeGreaterThan(20_000);

    // A dead run's lease runs out: the next claim takes its readers, and its renewal no longer reaches them.
    await expireLease(claims[0]!);
    const takeover = claimed(await claimRecipients(t.db, letterId, 3, 30));
    expect(takeover.subscriberIds).toEqual(claims[0]!.subscriberIds);
    await renewClaim(t.db, claims[0]!, 30);
    const owners = await t.db.selectFrom('letterRecipients').select('claimedBy').where('letterId', '=', letterId).where('subscriberId', 'in', takeover.subscriberIds).execute();
    expect(owners.map((row) => row.claimedBy)).toEqual(takeover.subscriberIds.map(() => takeover.token));

    // A release gives the rest back at once; a renewal keeps a live claim's readers.
    await releaseClaim(t.db, claims[1]!);
    await renewClaim(t.db, claims[2]!, 30);
    const again = claimed(await claimRecipients(t.db, letterId, 10, 30));
    expect(again.subscriberIds).toEqual(claims[1]!.subscriberIds);

    for (const claim of [takeover, again, claims[2]!, last]) await releaseClaim(t.db, claim);
  });

  it('records each answer with its own status, clears its claim, and leaves nobody waiting once all are answered', async () => {
    const claim = claimed(await claimRecipients(t.db, letterId, 10, 30));
    expect(claim.subscriberIds).toEqual(readers);
    const recorder = createRecipientRecorder(t.db, letterId);
    const at = new Date('2026-11-28T01:00:00.000Z');
    // Answers arriving together are written together; each promise resolves once its answer is committed.
    await Promise.all(
      readers.map((subscriberId, i) => recorder.record(i === 4 ? { subscriberId, kind: 'refused', message: '550 No such user' } : { subscriberId, kind: 'sent', at })),
    );
    const rows = await t.db
      .selectFrom('letterRecipients')
      .select(['subscriberId', 'status', 'sentAt', 'error', 'claimedBy', 'claimedUntil'])
      .where('letterId', '=', letterId)
      .orderBy('subscriberId')
      .execute();
    expect(rows.map((row) => row.status)).toEqual(readers.map((_, i) => (i === 4 ? 'refused' : 'sent')));
    expect(rows[4]).toMatchObject({ error: '550 No such user', sentAt: null });
    expect(rows[0]!.sentAt).toEqual(at);
    expect(rows.every((row) => row.claimedBy === null && row.claimedUntil === null)).toBe(true);
    expect(await claimRecipients(t.db, letterId, 10, 30)).toEqual({ kind: 'none-waiting' });
  });
});

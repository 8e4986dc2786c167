import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// Which run sends which waiting recipient (issue 39): a run claims a batch with a lease —
// claimed_by its batch, claimed_until the database's now() plus the lease — in one short
// statement, and renews it while the batch is out. Any run on any instance takes the next
// unclaimed or expired rows (FOR UPDATE SKIP LOCKED only orders two claims made at the same
// instant; nothing is held between statements). So several instances share one send, and
// the claims of an instance killed mid-send are taken back by the others once its lease
// runs out, without waiting for pg-boss to notice the dead job.
//
// Why a lease and not a lock held for the batch: a session advisory lock dies with its
// connection, but a connection's death is seen late behind a balancer or a pooler, and a
// row lock needs a transaction id open while the mail server answers, which holds back the
// sync feeds (migration 0002). A lease is a committed row any instance can read.

/** How long a claim lasts without renewal (DELIVERY_LEASE_SECONDS; the instance's claims are taken back this long after it dies). */
export const DEFAULT_LEASE_SECONDS = 30;

/** A batch this run holds: renewed while it is out, let go when it is done. */
export interface RecipientClaim {
  letterId: number;
  /** claimed_by of its rows. */
  token: string;
  subscriberIds: number[];
  /**
   * Local instant (Date.now()) after which the lease may have run out for the other
   * instances: taken before the claim (or renewal) was asked, so it is never later than the
   * database's own end of the lease, whatever the two clocks say.
   */
  leaseEndsAt: number;
}

export type ClaimOutcome =
  | { kind: 'claimed'; claim: RecipientClaim }
  /** Nobody waits: every recipient is recorded (or gone). */
  | { kind: 'none-waiting' }
  /** Recipients wait, all claimed by other runs: the earliest of their leases ends in `leaseEndsInMs`. */
  | { kind: 'held'; leaseEndsInMs: number };

/** Claims up to `batchSize` waiting recipients no live claim holds, in subscriber order. */
export async function claimRecipients(db: Db, letterId: number, batchSize: number, leaseSeconds: number): Promise<ClaimOutcome> {
  const token = randomUUID();
  const askedAt = Date.now();
  // A CTE, so the locking LIMIT runs once: as a subquery in FROM it may be scanned again per row.
  const { rows } = await sql<{ subscriberId: number }>`
    WITH next AS (
      SELECT subscriber_id FROM letter_recipients
      WHERE letter_id = ${letterId} AND status = 'pending' AND (claimed_until IS NULL OR claimed_until <= now())
      ORDER BY subscriber_id
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE letter_recipients r
    SET claimed_by = ${token}, claimed_until = now() + make_interval(secs => ${leaseSeconds})
    FROM next
    WHERE r.letter_id = ${letterId} AND r.subscriber_id = next.subscriber_id
    RETURNING r.subscriber_id`.execute(db);
  if (rows.length > 0) {
    const subscriberIds = rows.map((row) => row.subscriberId).sort((a, b) => a - b);
    return { kind: 'claimed', claim: { letterId, token, subscriberIds, leaseEndsAt: askedAt + leaseSeconds * 1000 } };
  }
  const { rows: waiting } = await sql<{ endsInMs: number | null; waiting: boolean }>`
    SELECT count(*) > 0 AS waiting,
      greatest(0, extract(epoch FROM min(claimed_until) - now()) * 1000)::float8 AS ends_in_ms
    FROM letter_recipients
    WHERE letter_id = ${letterId} AND status = 'pending'`.execute(db);
  const row = waiting[0];
  if (!row?.waiting) return { kind: 'none-waiting' };
  return { kind: 'held', leaseEndsInMs: row.endsInMs ?? 0 };
}

/** Extends the lease of the claim's rows still waiting; the claim's local end moves with it. */
export async function renewClaim(db: Db, claim: RecipientClaim, leaseSeconds: number): Promise<void> {
  const askedAt = Date.now();
  await sql`
    UPDATE letter_recipients SET claimed_until = now() + make_interval(secs => ${leaseSeconds})
    WHERE letter_id = ${claim.letterId} AND claimed_by = ${claim.token} AND status = 'pending'`.execute(db);
  claim.leaseEndsAt = askedAt + leaseSeconds * 1000;
}

/** Lets the claim's unsent rows go at once, for the next run (or another instance) to take. */
export async function releaseClaim(db: Db, claim: RecipientClaim): Promise<void> {
  await sql`
    UPDATE letter_recipients SET claimed_by = NULL, claimed_until = NULL
    WHERE letter_id = ${claim.letterId} AND claimed_by = ${claim.token} AND status = 'pending'`.execute(db);
}

import type { Db } from '../db/database';
import type { RecipientVariant } from '../db/schema';

// The email each send used (migration 0029), kept once per send and variant. A send's first
// run writes it; every later run of the same send (a retry, a resume after a restart, the
// rest of an A/B audience after the wait, a second instance) reads it back and sends that,
// so the whole audience gets the same letter and the copy kept is the one they got. The
// public page and the report's preview read the latest send (pages/sent-letter-copy.ts).

export interface SendSnapshotVariant {
  variant: RecipientVariant;
  /** Merge tags unfilled. */
  subject: string;
}

export interface SendSnapshot extends SendSnapshotVariant {
  publicationAt: Date;
  html: string;
  platformUrl: string;
  createdAt: Date;
}

export interface SendIdentity {
  letterId: number;
  /** The publication instant the send was queued for. */
  publicationAt: Date;
}

/** The HTML this send stored, or null when no run of it has rendered yet. */
export async function storedSendHtml(db: Db, send: SendIdentity): Promise<string | null> {
  const row = await db
    .selectFrom('letterSendSnapshots')
    .select('html')
    .where('letterId', '=', send.letterId)
    .where('publicationAt', '=', send.publicationAt)
    .orderBy('variant')
    .limit(1)
    .executeTakeFirst();
  return row?.html ?? null;
}

/**
 * Keeps the send's HTML for each of its variants, unless a run of the same send kept one
 * first (two runs may render at once): answers the HTML that is kept, which the caller sends.
 */
export async function keepSendSnapshot(
  db: Db,
  send: SendIdentity & { html: string; platformUrl: string; variants: readonly SendSnapshotVariant[] },
): Promise<string> {
  await db
    .insertInto('letterSendSnapshots')
    .values(
      send.variants.map(({ variant, subject }) => ({
        letterId: send.letterId,
        publicationAt: send.publicationAt,
        variant,
        subject,
        html: send.html,
        platformUrl: send.platformUrl,
      })),
    )
    .onConflict((conflict) => conflict.columns(['letterId', 'publicationAt', 'variant']).doNothing())
    .execute();
  return (await storedSendHtml(db, send)) ?? send.html;
}

/** The variants of the letter's latest send, A first; empty for a letter sent before snapshots were kept. */
export async function latestSendSnapshots(db: Db, letterId: number): Promise<SendSnapshot[]> {
  const latest = db
    .selectFrom('letterSendSnapshots')
    .select((eb) => eb.fn.max('publicationAt').as('latest'))
    .where('letterId', '=', letterId);
  return db
    .selectFrom('letterSendSnapshots')
    .select(['variant', 'subject', 'publicationAt', 'html', 'platformUrl', 'createdAt'])
    .where('letterId', '=', letterId)
    .where('publicationAt', '=', latest)
    .orderBy('variant')
    .execute();
}

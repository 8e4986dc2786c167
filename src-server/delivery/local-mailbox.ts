import type { Generated, Selectable } from 'kysely';
import { LOCAL_MAILBOX_NOTE } from '../../shared/contract/platform-delivery';
import type { LocalMailboxMessage } from '../../shared/contract/platform-delivery';
import type { Db } from '../db/database';

// The local mailbox (migration 0004): where test emails go when no SMTP server is
// configured. The table is typed here through `withTables`, so this module carries its
// own schema and db/schema.ts stays shared by everyone else.

export interface LocalMailboxTable {
  id: Generated<number>;
  organizationId: number;
  channelId: number;
  letterId: number | null;
  sentByUserId: number | null;
  fromAddress: string;
  toAddress: string;
  subject: string;
  html: string;
  createdAt: Generated<Date>;
}

/** Older messages of a brand are dropped beyond this many: it is a preview tool, not an archive. */
export const LOCAL_MAILBOX_KEPT_PER_BRAND = 500;
/** How many of the newest messages a listing answers. */
export const LOCAL_MAILBOX_LISTED = 100;

export interface MailboxEntry {
  organizationId: number;
  channelId: number;
  letterId: number | null;
  sentByUserId: number | null;
  from: string;
  to: string;
  subject: string;
  html: string;
}

function mailbox(db: Db) {
  return db.withTables<{ localMailbox: LocalMailboxTable }>();
}

export async function storeInLocalMailbox(db: Db, entry: MailboxEntry): Promise<void> {
  await mailbox(db)
    .transaction()
    .execute(async (trx) => {
      await trx
        .insertInto('localMailbox')
        .values({
          organizationId: entry.organizationId,
          channelId: entry.channelId,
          letterId: entry.letterId,
          sentByUserId: entry.sentByUserId,
          fromAddress: entry.from,
          toAddress: entry.to,
          subject: entry.subject,
          html: entry.html,
        })
        .execute();
      const keep = trx
        .selectFrom('localMailbox')
        .select('id')
        .where('organizationId', '=', entry.organizationId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(LOCAL_MAILBOX_KEPT_PER_BRAND);
      await trx
        .deleteFrom('localMailbox')
        .where('organizationId', '=', entry.organizationId)
        .where('id', 'not in', keep)
        .execute();
    });
}

/** The kept emails of the brands the user is a member of. */
function keptEmailsOf(db: Db, userId: number) {
  return mailbox(db)
    .selectFrom('localMailbox')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'localMailbox.organizationId').on('memberships.userId', '=', userId),
    )
    .selectAll('localMailbox');
}

function toMessage(row: Selectable<LocalMailboxTable>): LocalMailboxMessage {
  return {
    id: row.id,
    channelId: row.channelId,
    letterId: row.letterId,
    from: row.fromAddress,
    to: row.toAddress,
    subject: row.subject,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
    sent: false,
    note: LOCAL_MAILBOX_NOTE,
  };
}

/**
 * The newest test emails of the brands the user is a member of. A brand is the unit of
 * access everywhere else (DECISIONS "Auth"), so a member of one brand of a tenant does not
 * read the tests of another.
 */
export async function listLocalMailbox(db: Db, userId: number): Promise<LocalMailboxMessage[]> {
  const rows = await keptEmailsOf(db, userId)
    .orderBy('localMailbox.createdAt', 'desc')
    .orderBy('localMailbox.id', 'desc')
    .limit(LOCAL_MAILBOX_LISTED)
    .execute();
  return rows.map(toMessage);
}

/** One kept email, if the user is a member of its brand. */
export async function findKeptEmail(db: Db, userId: number, id: number): Promise<LocalMailboxMessage | null> {
  const row = await keptEmailsOf(db, userId).where('localMailbox.id', '=', id).executeTakeFirst();
  return row ? toMessage(row) : null;
}

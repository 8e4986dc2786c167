import { ITERABLE_KEY_REQUIRED_MESSAGE } from '../../shared/contract/platform-iterable';
import type { IterableIntegration } from '../../shared/contract/platform-iterable';
import { ITERABLE_ESP } from '../../shared/rules/merge-tag';
import type { Db } from '../db/database';
import { conflict } from '../http/errors';
import type { PlatformSecret } from '../sending/platform-secret';

// The organization's Iterable API key: sealed with the platform's secret before it reaches
// PostgreSQL (a dump alone reveals no key), opened only by the send and the event reads, and
// answered to the app only by its last four characters.

const KIND = 'iterable' as const;

async function sealedRow(db: Db, organizationId: number) {
  return db
    .selectFrom('organizationIntegrations')
    .select(['token', 'updatedAt'])
    .where('organizationId', '=', organizationId)
    .where('kind', '=', KIND)
    .executeTakeFirst();
}

/** The key in full, or null when none is stored. */
export async function iterableKeyOf(db: Db, secret: PlatformSecret, organizationId: number): Promise<string | null> {
  const row = await sealedRow(db, organizationId);
  return row ? secret.open(row.token) : null;
}

/** What the app is shown: whether a key is stored, and its ending. */
export async function iterableKeyShown(db: Db, secret: PlatformSecret, organizationId: number, canManage: boolean): Promise<IterableIntegration> {
  const row = await sealedRow(db, organizationId);
  if (!row) return { kind: KIND, configured: false, keyEnding: null, updatedAt: null, canManage };
  return { kind: KIND, configured: true, keyEnding: secret.open(row.token).slice(-4), updatedAt: row.updatedAt.toISOString(), canManage };
}

export async function saveIterableKey(db: Db, secret: PlatformSecret, organizationId: number, apiKey: string): Promise<void> {
  const token = secret.seal(apiKey);
  await db
    .insertInto('organizationIntegrations')
    .values({ organizationId, kind: KIND, token })
    .onConflict((conflict) => conflict.columns(['organizationId', 'kind']).doUpdateSet({ token, updatedAt: new Date() }))
    .execute();
}

export async function removeIterableKey(db: Db, organizationId: number): Promise<void> {
  await db.deleteFrom('organizationIntegrations').where('organizationId', '=', organizationId).where('kind', '=', KIND).execute();
}

/**
 * Scheduling (or sending now) refuses an Iterable letter of an organization without a key,
 * so it fails here, where the editor is, rather than at its send time. Other providers pass.
 */
export async function assertProviderReady(db: Db, letter: { esp: number }, channel: { organizationId: number }): Promise<void> {
  if (letter.esp !== ITERABLE_ESP) return;
  const row = await db
    .selectFrom('organizationIntegrations')
    .select('id')
    .where('organizationId', '=', channel.organizationId)
    .where('kind', '=', KIND)
    .executeTakeFirst();
  if (!row) throw conflict(ITERABLE_KEY_REQUIRED_MESSAGE);
}

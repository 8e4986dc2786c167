import { sql } from 'kysely';
import type { DnsRecord, SendingDomain } from '../../shared/contract/platform-sending';
import { SENDING_MESSAGES } from '../../shared/rules/sending-identity';
import type { Db } from '../db/database';
import type { DkimKeyState } from '../db/schema';
import { conflict, invalidData, notFound } from '../http/errors';
import { generateDkimKey } from './dkim-keys';
import { allRequiredFound, checkRecords } from './dns-check';
import type { DnsLookup } from './dns-check';
import { recordsToPublish, returnPathDomainFor } from './dns-records';
import type { PlatformSecret } from './platform-secret';
import type { SendingSettings } from './sending-settings';

// An organization's sending domains: adding one makes its first DKIM key; Check DNS looks
// its records up, verifies the domain when every required one is found, and finishes a
// key rotation once the next key's record is published. Private keys are sealed before
// they are written and opened only by the sender directory when mail is signed.

/** How long a retired key stays listed (and published, the editor is told) after a rotation. */
export const RETIRED_KEY_DAYS = 7;

interface DomainRow {
  id: number;
  organizationId: number;
  domain: string;
  returnPathDomain: string;
  verifiedAt: Date | null;
  checkedAt: Date | null;
  lastCheck: unknown;
  createdAt: Date;
}

interface KeyRow {
  id: number;
  sendingDomainId: number;
  selector: string;
  publicKey: string;
  state: DkimKeyState;
}

type CheckedRecord = Pick<DnsRecord, 'status' | 'found'>;
const recordKey = (record: Pick<DnsRecord, 'type' | 'name' | 'value'>) => `${record.type} ${record.name} ${record.value}`;

function toAnswer(row: DomainRow, keys: readonly KeyRow[], settings: SendingSettings, checked?: readonly DnsRecord[]): SendingDomain {
  const last = new Map<string, CheckedRecord>(
    (checked ?? (Array.isArray(row.lastCheck) ? (row.lastCheck as DnsRecord[]) : [])).map((record) => [recordKey(record), record]),
  );
  const records = recordsToPublish(row, keys, settings).map((record): DnsRecord => {
    const seen = last.get(recordKey(record));
    return { ...record, status: seen?.status ?? 'unchecked', found: seen?.found ?? [] };
  });
  const active = keys.find((key) => key.state === 'active');
  return {
    id: row.id,
    domain: row.domain,
    returnPathDomain: row.returnPathDomain,
    dkimSelector: active?.selector ?? '',
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    checkedAt: row.checkedAt?.toISOString() ?? null,
    records,
    createdAt: row.createdAt.toISOString(),
  };
}

const domainColumns = ['id', 'organizationId', 'domain', 'returnPathDomain', 'verifiedAt', 'checkedAt', 'lastCheck', 'createdAt'] as const;
const keyColumns = ['id', 'sendingDomainId', 'selector', 'publicKey', 'state'] as const;

async function keysOf(db: Db, domainIds: number[]): Promise<KeyRow[]> {
  if (domainIds.length === 0) return [];
  return db.selectFrom('dkimKeys').select(keyColumns).where('sendingDomainId', 'in', domainIds).orderBy('id').execute();
}

async function domainRow(db: Db, organizationId: number, id: number): Promise<DomainRow> {
  const row = await db.selectFrom('sendingDomains').select(domainColumns).where('id', '=', id).where('organizationId', '=', organizationId).executeTakeFirst();
  if (!row) throw notFound('This sending domain does not exist.');
  return row;
}

export async function listSendingDomains(db: Db, organizationId: number, settings: SendingSettings): Promise<SendingDomain[]> {
  const rows = await db.selectFrom('sendingDomains').select(domainColumns).where('organizationId', '=', organizationId).orderBy('domain').execute();
  const keys = await keysOf(db, rows.map((row) => row.id));
  return rows.map((row) => toAnswer(row, keys.filter((key) => key.sendingDomainId === row.id), settings));
}

export async function readSendingDomain(db: Db, organizationId: number, id: number, settings: SendingSettings): Promise<SendingDomain> {
  const row = await domainRow(db, organizationId, id);
  return toAnswer(row, await keysOf(db, [row.id]), settings);
}

export async function addSendingDomain(db: Db, secret: PlatformSecret, organizationId: number, domain: string, settings: SendingSettings): Promise<SendingDomain> {
  // The key first: generating it takes a moment, and no transaction should wait on it.
  const key = await generateDkimKey();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('sendingDomains')
      .values({ organizationId, domain, returnPathDomain: returnPathDomainFor(domain) })
      .onConflict((oc) => oc.columns(['organizationId', 'domain']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw invalidData({ domain: [SENDING_MESSAGES.domainTaken] });
    await trx
      .insertInto('dkimKeys')
      .values({ sendingDomainId: row.id, selector: key.selector, publicKey: key.publicKey, sealedPrivateKey: secret.seal(key.privateKeyPem), state: 'active', activatedAt: new Date() })
      .execute();
    return row.id;
  });
  return readSendingDomain(db, organizationId, id, settings);
}

/** Refused while a channel of the organization sends from it: its mail would stop being signed. */
export async function deleteSendingDomain(db: Db, organizationId: number, id: number): Promise<void> {
  const row = await domainRow(db, organizationId, id);
  const user = await db
    .selectFrom('channels')
    .select('title')
    .where('organizationId', '=', organizationId)
    .where(sql<boolean>`lower(split_part(from_address, '@', 2)) = ${row.domain}`)
    .orderBy('title')
    .executeTakeFirst();
  if (user) throw conflict(`The channel ${user.title} sends from ${row.domain}: give it another From address first.`);
  await db.deleteFrom('sendingDomains').where('id', '=', row.id).execute();
}

/** A new key waits for its record; Check DNS makes it the signing key once the record is found. */
export async function rotateDkimKey(db: Db, secret: PlatformSecret, organizationId: number, id: number, settings: SendingSettings): Promise<SendingDomain> {
  const row = await domainRow(db, organizationId, id);
  const key = await generateDkimKey();
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('sendingDomains').select('id').where('id', '=', row.id).forUpdate().execute();
    const pending = await trx.selectFrom('dkimKeys').select('selector').where('sendingDomainId', '=', row.id).where('state', '=', 'pending').executeTakeFirst();
    if (pending) throw conflict(`The next key (${pending.selector}) is waiting for its DNS record: publish it and press Check DNS.`);
    await trx
      .insertInto('dkimKeys')
      .values({ sendingDomainId: row.id, selector: key.selector, publicKey: key.publicKey, sealedPrivateKey: secret.seal(key.privateKeyPem), state: 'pending' })
      .execute();
  });
  return readSendingDomain(db, organizationId, id, settings);
}

/**
 * Looks the records up and writes what was found. A pending key found published becomes
 * the signing key, the old one retired; retired keys older than RETIRED_KEY_DAYS go.
 */
export async function checkSendingDomain(db: Db, lookup: DnsLookup, organizationId: number, id: number, settings: SendingSettings): Promise<SendingDomain> {
  const row = await domainRow(db, organizationId, id);
  let keys = await keysOf(db, [row.id]);
  let checked = await checkRecords(recordsToPublish(row, keys, settings), lookup, settings);
  const pending = keys.find((key) => key.state === 'pending');
  const pendingFound = pending && checked.some((record) => record.kind === 'dkim-next' && record.name.startsWith(`${pending.selector}.`) && record.status === 'found');
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('sendingDomains').select('id').where('id', '=', row.id).forUpdate().execute();
    if (pendingFound) {
      await trx.updateTable('dkimKeys').set({ state: 'retired', retiredAt: now }).where('sendingDomainId', '=', row.id).where('state', '=', 'active').execute();
      await trx.updateTable('dkimKeys').set({ state: 'active', activatedAt: now }).where('id', '=', pending.id).execute();
    }
    await trx
      .deleteFrom('dkimKeys')
      .where('sendingDomainId', '=', row.id)
      .where('state', '=', 'retired')
      .where('retiredAt', '<', new Date(now.getTime() - RETIRED_KEY_DAYS * 86_400_000))
      .execute();
  });
  if (pendingFound) {
    // The records' roles changed with the keys: the statuses follow them, no second lookup.
    const byName = new Map(checked.map((record) => [`${record.type} ${record.name}`, record]));
    keys = await keysOf(db, [row.id]);
    checked = recordsToPublish(row, keys, settings).map((record) => {
      const seen = byName.get(`${record.type} ${record.name}`);
      return { ...record, status: seen?.status ?? 'unchecked', found: seen?.found ?? [] };
    });
  }
  const verified = allRequiredFound(checked);
  const updated = await db
    .updateTable('sendingDomains')
    .set({ checkedAt: now, lastCheck: JSON.stringify(checked), verifiedAt: verified ? (row.verifiedAt ?? now) : null })
    .where('id', '=', row.id)
    .returning(domainColumns)
    .executeTakeFirstOrThrow();
  return toAnswer(updated, keys, settings, checked);
}

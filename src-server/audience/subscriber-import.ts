import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { SUBSCRIBER_IMPORT_MAX_ROWS } from '../../shared/contract/platform-audience';
import type { SubscriberImportResponse } from '../../shared/contract/platform-audience';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { HttpError } from '../http/errors';
import { CsvSyntaxError, parseCsv } from './csv';

// Importing subscribers from CSV into one channel. The whole file is checked before
// anything is written, and written in one transaction. Rows apply in file order, as if
// imported one by one: an email seen earlier in the file is updated by a later row.
// Merging never loses data: a blank cell keeps the stored value, tags are added to the
// stored ones, and a subscriber's status is never changed (an unsubscribed reader stays
// unsubscribed).

const IMPORT_LOCK_KEY = 0x4c44494d; // "LDIM": one import per channel at a time.
const VALUE_MAX = 1000;
const WRITE_CHUNK = 1000;

/** Header names (lower-cased, spaces and hyphens as '_') for the built-in columns. */
const BUILT_IN: Record<string, 'email' | 'firstName' | 'lastName' | 'tags'> = {
  email: 'email',
  e_mail: 'email',
  email_address: 'email',
  first_name: 'firstName',
  firstname: 'firstName',
  last_name: 'lastName',
  lastname: 'lastName',
  tags: 'tags',
};
/** Not custom fields: they name things a file may not set, or would shadow criteria fields. */
const RESERVED = new Set(['tag', 'status', 'unique_id', 'uniqueid', 'id', 'created_at']);

const emailSchema = z.email();

type Column = { kind: 'email' | 'firstName' | 'lastName' | 'tags' } | { kind: 'custom'; name: string } | { kind: 'ignored' };

interface State {
  exists: boolean;
  changed: boolean;
  email: string;
  firstName: string;
  lastName: string;
  tags: string[];
  customFields: Record<string, unknown>;
}

function refuse(message: string): HttpError {
  return new HttpError(422, message, { csv: [message] });
}

function readHeader(header: string[]): { columns: Column[]; ignoredColumns: string[] } {
  const columns: Column[] = [];
  const ignoredColumns: string[] = [];
  const seen = new Map<string, string>();
  header.forEach((raw, index) => {
    const text = raw.trim();
    const key = text.toLowerCase().replace(/[\s-]+/g, '_');
    if (text === '' || RESERVED.has(key)) {
      ignoredColumns.push(text === '' ? `(column ${index + 1}, no name)` : text);
      columns.push({ kind: 'ignored' });
      return;
    }
    const builtIn = BUILT_IN[key];
    const identity = builtIn ?? `custom:${text}`;
    const earlier = seen.get(identity);
    if (earlier !== undefined) throw refuse(`The header row names the same column twice: '${earlier}' and '${text}'.`);
    seen.set(identity, text);
    columns.push(builtIn ? { kind: builtIn } : { kind: 'custom', name: text });
  });
  if (!columns.some((column) => column.kind === 'email')) {
    throw refuse("The file has no email column: its first row must name the columns, one of them 'email'.");
  }
  return { columns, ignoredColumns };
}

function splitTags(cell: string): string[] {
  const tags: string[] = [];
  for (const tag of cell.split(';').map((part) => part.trim())) {
    if (tag !== '' && !tags.some((known) => known.toLowerCase() === tag.toLowerCase())) tags.push(tag);
  }
  return tags;
}

export async function importSubscribers(db: Db, channelId: number, csv: string): Promise<SubscriberImportResponse> {
  let records;
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw refuse(error.message);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw refuse("The file is empty: it needs a header row with an 'email' column.");
  const { columns, ignoredColumns } = readHeader(header.cells);
  const dataRows = rows.filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (dataRows.length > SUBSCRIBER_IMPORT_MAX_ROWS) {
    throw refuse(`The file has ${dataRows.length} rows; import at most ${SUBSCRIBER_IMPORT_MAX_ROWS} at a time.`);
  }
  const emailIndex = columns.findIndex((column) => column.kind === 'email');

  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(IMPORT_LOCK_KEY)}, ${channelId})`.execute(trx);
    const emails = [...new Set(dataRows.map((row) => (row.cells[emailIndex] ?? '').trim().toLowerCase()))];
    const stored = await trx
      .selectFrom('subscribers')
      .select(['email', 'firstName', 'lastName', 'tags', 'customFields'])
      .where('channelId', '=', channelId)
      .where(sql<boolean>`email = ANY(${emails}::text[])`)
      .execute();
    const states = new Map<string, State>(
      stored.map((row) => [row.email, { ...row, exists: true, changed: false }]),
    );
    const result: SubscriberImportResponse = { created: 0, updated: 0, skipped: 0, errors: [], ignoredColumns };

    for (const row of dataRows) {
      const error = (message: string) => result.errors.push({ line: row.line, message });
      if (row.cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
        error(`This row has ${row.cells.length} values but the header names ${columns.length} columns.`);
        continue;
      }
      const rawEmail = (row.cells[emailIndex] ?? '').trim();
      if (rawEmail === '') {
        error('The email is missing.');
        continue;
      }
      const email = rawEmail.toLowerCase();
      if (email.length > 254 || !emailSchema.safeParse(email).success) {
        error(`'${rawEmail}' is not a valid email address.`);
        continue;
      }
      const tooLong = columns.findIndex((_column, i) => (row.cells[i] ?? '').trim().length > VALUE_MAX);
      if (tooLong >= 0) {
        error(`The value in column ${tooLong + 1} is longer than ${VALUE_MAX} characters.`);
        continue;
      }

      const known = states.get(email);
      const next: State = known
        ? { ...known, tags: [...known.tags], customFields: { ...known.customFields } }
        : { exists: false, changed: true, email, firstName: '', lastName: '', tags: [], customFields: {} };
      let changed = false;
      columns.forEach((column, i) => {
        const value = (row.cells[i] ?? '').trim();
        if (value === '') return;
        if (column.kind === 'firstName' || column.kind === 'lastName') {
          changed ||= next[column.kind] !== value;
          next[column.kind] = value;
        } else if (column.kind === 'tags') {
          for (const tag of splitTags(value)) {
            if (next.tags.some((have) => have.toLowerCase() === tag.toLowerCase())) continue;
            next.tags.push(tag);
            changed = true;
          }
        } else if (column.kind === 'custom') {
          changed ||= next.customFields[column.name] !== value;
          next.customFields[column.name] = value;
        }
      });
      if (!known) result.created += 1;
      else if (changed) result.updated += 1;
      else result.skipped += 1;
      next.changed = next.changed || changed;
      states.set(email, next);
    }

    const writes = [...states.values()].filter((state) => state.changed);
    for (let start = 0; start < writes.length; start += WRITE_CHUNK) {
      await trx
        .insertInto('subscribers')
        .values(
          writes.slice(start, start + WRITE_CHUNK).map((state) => ({
            channelId,
            uniqueId: randomUUID(),
            email: state.email,
            firstName: state.firstName,
            lastName: state.lastName,
            status: 'active' as const,
            tags: state.tags,
            customFields: toJson(state.customFields),
          })),
        )
        // Status and uniqueId of an existing subscriber are left as they are.
        .onConflict((conflict) =>
          conflict.columns(['channelId', 'email']).doUpdateSet((eb) => ({
            firstName: eb.ref('excluded.firstName'),
            lastName: eb.ref('excluded.lastName'),
            tags: eb.ref('excluded.tags'),
            customFields: eb.ref('excluded.customFields'),
          })),
        )
        .execute();
    }
    return result;
  });
}

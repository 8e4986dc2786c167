import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import { oweWelcomes } from '../automations/welcomes';
import { z } from 'zod';
import {
  CUSTOM_TARGET_PREFIX,
  SUBSCRIBER_IMPORT_ERRORS_MAX,
  SUBSCRIBER_IMPORT_MAX_ROWS,
} from '../../shared/contract/platform-audience';
import type { ImportExistingMode, ImportMapping, SubscriberImportResponse } from '../../shared/contract/platform-audience';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { SubscriberStatus } from '../db/schema';
import { HttpError } from '../http/errors';
import { CsvSyntaxError, csvRecords } from './csv-records';
import type { CsvRecord } from './csv-records';

// Importing subscribers from a CSV stream into one channel. Rows are read one at a time and
// written in batches of BATCH rows (one look-up and one upsert statement each), so the file
// is never held whole; the whole import is one transaction, so a file that turns out to be
// broken halfway (an unclosed quote, too many rows) changes nothing. The first row of an
// email counts: a later row with the same email is a duplicate. An existing subscriber who
// unsubscribed or bounced is skipped and reported, never subscribed again. Updating never
// loses data: a blank cell keeps the stored value and tags are added to the stored ones.
// A 'Specific emails' recipient (migration 0030) is no subscriber: its row is imported as a
// new subscriber's and becomes active, keeping its id and what it was sent.

const IMPORT_LOCK_KEY = 0x4c44494d; // "LDIM": one import per channel at a time.
const VALUE_MAX = 1000;
const BATCH = 1000;

/** Header names (lower-cased, spaces and hyphens as '_') read as the built-in columns. */
const BUILT_IN: Record<string, Kind> = {
  email: 'email',
  e_mail: 'email',
  email_address: 'email',
  first_name: 'firstName',
  firstname: 'firstName',
  last_name: 'lastName',
  lastname: 'lastName',
  tags: 'tags',
};
const TARGETS: Record<string, Kind> = { email: 'email', first_name: 'firstName', last_name: 'lastName', tags: 'tags' };
/** Not custom fields: they name things a file may not set, or would shadow criteria fields. */
const RESERVED = new Set(['tag', 'status', 'unique_id', 'uniqueid', 'id', 'created_at']);

const emailSchema = z.email();

type Kind = 'email' | 'firstName' | 'lastName' | 'tags';
type Column = { kind: Kind } | { kind: 'custom'; name: string } | { kind: 'ignored' };

interface Candidate {
  line: number;
  email: string;
  cells: string[];
}

interface Stored {
  email: string;
  status: SubscriberStatus;
  firstName: string;
  lastName: string;
  tags: string[];
  customFields: Record<string, unknown>;
}

export interface ImportInput {
  channelId: number;
  source: Readable;
  existing: ImportExistingMode;
  mapping: ImportMapping;
  /** Owe the channel's welcome templates to the subscribers the import creates (issue 32); default off. */
  sendWelcome?: boolean;
  /** Called after each written batch with the data rows read so far. */
  onProgress?: (rowsProcessed: number) => void;
}

function refuse(message: string): HttpError {
  return new HttpError(422, message, { csv: [message] });
}

function readHeader(header: string[], mapping: ImportMapping): { columns: Column[]; ignoredColumns: string[] } {
  const columns: Column[] = [];
  const ignoredColumns: string[] = [];
  const seen = new Map<string, string>();
  const texts = header.map((raw) => raw.trim());
  const unknown = Object.keys(mapping).find((name) => !texts.includes(name.trim()));
  if (unknown !== undefined) throw refuse(`The mapping names a column the file does not have: '${unknown}'.`);
  texts.forEach((text, index) => {
    const mapped = mapping[text];
    const key = text.toLowerCase().replace(/[\s-]+/g, '_');
    if (mapped === 'ignore' || (mapped === undefined && (text === '' || RESERVED.has(key)))) {
      ignoredColumns.push(text === '' ? `(column ${index + 1}, no name)` : text);
      columns.push({ kind: 'ignored' });
      return;
    }
    let column: Column;
    if (mapped?.startsWith(CUSTOM_TARGET_PREFIX)) column = { kind: 'custom', name: mapped.slice(CUSTOM_TARGET_PREFIX.length).trim() };
    else if (mapped !== undefined) column = { kind: TARGETS[mapped]! };
    else column = BUILT_IN[key] ? { kind: BUILT_IN[key] } : { kind: 'custom', name: text };
    const identity = column.kind === 'custom' ? `custom:${column.name}` : column.kind;
    const earlier = seen.get(identity);
    if (earlier !== undefined) throw refuse(`The header row names the same column twice: '${earlier}' and '${text}'.`);
    seen.set(identity, text);
    columns.push(column);
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

function emptyResult(ignoredColumns: string[]): SubscriberImportResponse {
  return {
    rows: 0,
    created: 0,
    updated: 0,
    skipped: 0,
    skippedReasons: { invalidEmail: 0, duplicate: 0, unsubscribed: 0, bounced: 0, existing: 0, unchanged: 0, malformed: 0 },
    errors: [],
    ignoredColumns,
  };
}

export async function importSubscribers(db: Db, input: ImportInput): Promise<SubscriberImportResponse> {
  const { channelId } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(IMPORT_LOCK_KEY)}, ${channelId})`.execute(trx);
      const records = csvRecords(input.source);
      // next(), not a loop with break: breaking out would close the generator.
      const first = await records.next();
      const header: CsvRecord | undefined = first.done ? undefined : first.value;
      if (!header) throw refuse("The file is empty: it needs a header row with an 'email' column.");
      const { columns, ignoredColumns } = readHeader(header.cells, input.mapping);
      const emailIndex = columns.findIndex((column) => column.kind === 'email');
      const result = emptyResult(ignoredColumns);
      /** Email → the line it first came on; kept for the file's emails, not its rows. */
      const seen = new Map<string, number>();
      /** Addresses this import made subscribers of (new, or a 'Specific emails' recipient until now). */
      const joined: string[] = [];

      const skip = (reason: keyof SubscriberImportResponse['skippedReasons'], line?: number, message?: string) => {
        result.skipped += 1;
        result.skippedReasons[reason] += 1;
        if (line !== undefined && message !== undefined && result.errors.length < SUBSCRIBER_IMPORT_ERRORS_MAX) {
          result.errors.push({ line, message });
        }
      };

      const writeBatch = async (batch: Candidate[]) => {
        if (batch.length === 0) return;
        const stored = await trx
          .selectFrom('subscribers')
          .select(['email', 'status', 'firstName', 'lastName', 'tags', 'customFields'])
          .where('channelId', '=', channelId)
          .where(sql<boolean>`email = ANY(${batch.map((row) => row.email)}::text[])`)
          .execute();
        const byEmail = new Map<string, Stored>(stored.map((row) => [row.email, row]));
        const writes: Omit<Stored, 'status'>[] = [];
        for (const row of batch) {
          const stored = byEmail.get(row.email);
          const known = stored?.status === 'recipient' ? undefined : stored;
          if (known?.status === 'unsubscribed') {
            skip('unsubscribed', row.line, `${row.email} unsubscribed earlier; an import does not subscribe them again.`);
            continue;
          }
          if (known?.status === 'bounced') {
            skip('bounced', row.line, `${row.email} bounced earlier; an import does not subscribe them again.`);
            continue;
          }
          if (known && input.existing === 'skip') {
            skip('existing');
            continue;
          }
          const next = known
            ? { email: known.email, firstName: known.firstName, lastName: known.lastName, tags: [...known.tags], customFields: { ...known.customFields } }
            : { email: row.email, firstName: '', lastName: '', tags: [] as string[], customFields: {} as Record<string, unknown> };
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
          if (!known) {
            result.created += 1;
            joined.push(row.email);
          }
          else if (changed) result.updated += 1;
          else {
            skip('unchanged');
            continue;
          }
          writes.push(next);
        }
        if (writes.length === 0) return;
        await trx
          .insertInto('subscribers')
          .values(
            writes.map((state) => ({
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
          // The uniqueId of an existing row and the status of a subscriber are left as they are.
          .onConflict((conflict) =>
            conflict.columns(['channelId', 'email']).doUpdateSet((eb) => ({
              status: sql<SubscriberStatus>`CASE WHEN subscribers.status = 'recipient' THEN 'active' ELSE subscribers.status END`,
              firstName: eb.ref('excluded.firstName'),
              lastName: eb.ref('excluded.lastName'),
              tags: eb.ref('excluded.tags'),
              customFields: eb.ref('excluded.customFields'),
            })),
          )
          .execute();
      };

      let batch: Candidate[] = [];
      for await (const row of records) {
        if (!row.cells.some((cell) => cell.trim() !== '')) continue;
        result.rows += 1;
        if (result.rows > SUBSCRIBER_IMPORT_MAX_ROWS) {
          throw refuse(`The file has more than ${SUBSCRIBER_IMPORT_MAX_ROWS.toLocaleString('en')} rows; import at most that many at a time.`);
        }
        if (row.cells.slice(columns.length).some((cell) => cell.trim() !== '')) {
          skip('malformed', row.line, `This row has ${row.cells.length} values but the header names ${columns.length} columns.`);
          continue;
        }
        // PostgreSQL text cannot hold NUL (http/nul-guard.ts does not see a streamed body).
        if (row.cells.some((cell) => cell.includes('\u0000'))) {
          skip('malformed', row.line, 'This row contains a NUL character.');
          continue;
        }
        const rawEmail = (row.cells[emailIndex] ?? '').trim();
        if (rawEmail === '') {
          skip('invalidEmail', row.line, 'The email is missing.');
          continue;
        }
        const email = rawEmail.toLowerCase();
        if (email.length > 254 || !emailSchema.safeParse(email).success) {
          skip('invalidEmail', row.line, `'${rawEmail}' is not a valid email address.`);
          continue;
        }
        const tooLong = columns.findIndex((_column, i) => (row.cells[i] ?? '').trim().length > VALUE_MAX);
        if (tooLong >= 0) {
          skip('malformed', row.line, `The value in column ${tooLong + 1} is longer than ${VALUE_MAX} characters.`);
          continue;
        }
        const first = seen.get(email);
        if (first !== undefined) {
          skip('duplicate', row.line, `${email} is already on line ${first}; the first row counts.`);
          continue;
        }
        seen.set(email, row.line);
        batch.push({ line: row.line, email, cells: row.cells });
        if (batch.length >= BATCH) {
          await writeBatch(batch);
          batch = [];
          input.onProgress?.(result.rows);
        }
      }
      await writeBatch(batch);
      input.onProgress?.(result.rows);
      if (input.sendWelcome && joined.length > 0) {
        const rows = await trx
          .selectFrom('subscribers')
          .select('id')
          .where('channelId', '=', channelId)
          .where('status', '=', 'active')
          .where(sql<boolean>`email = ANY(${joined}::text[])`)
          .execute();
        await oweWelcomes(trx, channelId, rows.map((row) => row.id), new Date());
      }
      // Row checks report at once, existing-subscriber checks per batch: file order for reading.
      result.errors.sort((a, b) => a.line - b.line);
      return result;
    });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw refuse(error.message);
    throw error;
  }
}

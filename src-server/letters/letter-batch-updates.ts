import { sql } from 'kysely';
import { UpdateLetterRequestSchema } from '../../shared/contract/platform-letters';
import type { SyncBatchResult } from '../../shared/contract/platform-sync-batch';
import type { Letter } from '../../shared/model/letter';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID } from '../../shared/model/segment';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { LetterRow } from '../db/schema';
import type { ChannelAccess } from '../http/access';
import { HttpError, invalidData, notFound } from '../http/errors';
import { parseInput } from '../http/validation';
import { editedColumns, type UpdateLetter } from './letter-edits';
import { assertBaseVersion, assertEditable, assertSameLetter } from './letter-guards';
import { LETTER_NOT_FOUND_MESSAGE, toLetter } from './letter-records';

// The whole-letter updates of a sync batch, written together: one lock of every letter
// (in id order), one read of the audiences named, one UPDATE … FROM (VALUES …) RETURNING
// and one insert of the revisions, where item by item took five round trips per letter
// (issue 23). Each item is checked as update-letter checks it (letter-edits.ts), in the
// same order, against the row as locked; a refused item writes nothing and is answered
// with its single call's status and message. A letter named twice is written in two
// rounds, so the second item sees the first's version, as it would one call after another.

export interface BatchUpdateItem {
  /** The item's place in the batch: its result goes there. */
  index: number;
  channelSlug: string;
  id: number;
  letter: unknown;
}

type Outcome = SyncBatchResult;

/** The SQL type of each column update-letter writes; TypeScript keeps it in step with editedColumns. */
const COLUMN_TYPES: Record<keyof ReturnType<typeof editedColumns>, string> = {
  title: 'text',
  subtitle: 'text',
  subjectB: 'text',
  hasAbTest: 'boolean',
  blocks: 'text',
  delta: 'jsonb',
  authors: 'jsonb',
  settings: 'jsonb',
  utmEnabled: 'boolean',
  utms: 'jsonb',
  publicationDate: 'timestamp',
  publicationDateTzCode: 'text',
  publicationAt: 'timestamptz',
  publicationEvent: 'integer',
  segmentId: 'integer',
  emailTemplate: 'text',
  copyRendered: 'text',
  includePromotions: 'boolean',
  private: 'boolean',
  openGraphHeadline: 'text',
  openGraphDescription: 'text',
  openGraphImageUrl: 'text',
  automationUniqueId: 'text',
  updatePreviewText: 'boolean',
  claimant: 'jsonb',
};
const COLUMNS = Object.entries(COLUMN_TYPES).map(([key, type]) => ({
  key: key as keyof typeof COLUMN_TYPES,
  name: key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
  type,
}));

/** A refusal as the item's result; anything but a 4xx is a fault that ends the batch. */
export function refusal(error: unknown): Outcome {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  return { status: error.statusCode, error: error.toBody() };
}

function isSegmentRow(segmentId: number | null): segmentId is number {
  return segmentId !== null && segmentId !== ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID && segmentId !== SPECIFIC_EMAILS_SEGMENT_ID;
}

interface Checked {
  item: BatchUpdateItem;
  request: UpdateLetter;
  access: ChannelAccess;
  row: LetterRow;
}

/** Writes one round (no letter twice) in one statement; answers the rows as written. */
async function writeRound(trx: Db, round: readonly Checked[]): Promise<Map<number, LetterRow>> {
  const rows = round.map(({ row, request, access }) => {
    const columns = editedColumns(row, request, access.channel);
    return sql`(${sql.join([sql`${row.id}::integer`, ...COLUMNS.map(({ key, type }) => sql`${columns[key] ?? null}::${sql.raw(type)}`)])})`;
  });
  const assignments = COLUMNS.map(({ name }) =>
    // A request without a claimant leaves the claim as it was (editedColumns gives none).
    name === 'claimant' ? sql`claimant = coalesce(v.claimant, l.claimant)` : sql`${sql.id(name)} = ${sql.ref(`v.${name}`)}`,
  );
  const { rows: written } = await sql<LetterRow>`
    update letters as l
    set ${sql.join(assignments)}, version = l.version + 1, updated_at = now()
    from (values ${sql.join(rows)}) as v (id, ${sql.join(COLUMNS.map(({ name }) => sql.id(name)))})
    where l.id = v.id
    returning l.*`.execute(trx);
  return new Map(written.map((row) => [row.id, row]));
}

export async function updateLettersTogether(
  trx: Db,
  channelsNamed: (channelSlug: string) => Promise<ChannelAccess[]>,
  items: readonly BatchUpdateItem[],
  userId: number,
): Promise<Map<number, Outcome>> {
  const results = new Map<number, Outcome>();
  const prepared: { item: BatchUpdateItem; request: UpdateLetter; channels: ChannelAccess[] }[] = [];
  for (const item of items) {
    try {
      const channels = await channelsNamed(item.channelSlug);
      prepared.push({ item, channels, request: parseInput(UpdateLetterRequestSchema, item.letter) });
    } catch (error) {
      results.set(item.index, refusal(error));
    }
  }
  if (prepared.length === 0) return results;

  // One lock, in id order, so two batches over the same letters wait instead of deadlocking.
  const channelIds = [...new Set(prepared.flatMap(({ channels }) => channels.map((access) => access.channel.id)))];
  const locked = await trx
    .selectFrom('letters')
    .selectAll()
    .where('id', 'in', [...new Set(prepared.map(({ item }) => item.id))])
    .where('channelId', 'in', channelIds)
    .where('deletedAt', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  const current = new Map(locked.map((row) => [row.id, row]));
  const segmentIds = [...new Set(prepared.map(({ request }) => request.segmentId).filter(isSegmentRow))];
  const segments = new Map(
    segmentIds.length === 0
      ? []
      : (await trx.selectFrom('segments').select(['id', 'channelId', 'name']).where('id', 'in', segmentIds).execute()).map((s) => [s.id, s]),
  );

  // Letter-id order, and a letter's items in the order sent.
  let pending = [...prepared].sort((a, b) => a.item.id - b.item.id || a.item.index - b.item.index);
  while (pending.length > 0) {
    const round: Checked[] = [];
    const later: typeof pending = [];
    const inRound = new Set<number>();
    for (const entry of pending) {
      if (inRound.has(entry.item.id)) {
        later.push(entry);
        continue;
      }
      try {
        const row = current.get(entry.item.id);
        const access = row && entry.channels.find((candidate) => candidate.channel.id === row.channelId);
        if (!row || !access) throw notFound(LETTER_NOT_FOUND_MESSAGE);
        assertSameLetter(row, entry.request.uniqueId);
        assertBaseVersion(row, entry.request.baseVersion, entry.request.claimant);
        assertEditable(row);
        const segmentId = entry.request.segmentId;
        if (isSegmentRow(segmentId) && segments.get(segmentId)?.channelId !== row.channelId) {
          throw invalidData({ segmentId: ['Choose an audience from this channel.'] });
        }
        round.push({ ...entry, access, row });
        inRound.add(entry.item.id);
      } catch (error) {
        results.set(entry.item.index, refusal(error));
      }
    }
    if (round.length > 0) {
      const written = await writeRound(trx, round);
      const letters: Letter[] = [];
      for (const { item, access } of round) {
        const row = written.get(item.id);
        if (!row) throw new Error(`Letter ${item.id} missing right after its write`);
        current.set(row.id, row);
        const segment = row.segmentId === null ? undefined : segments.get(row.segmentId);
        const letter = toLetter({
          ...row,
          channelSlug: access.channel.slug,
          brandSlug: access.brandSlug,
          joinedSegmentName: segment && segment.channelId === row.channelId ? segment.name : null,
        });
        letters.push(letter);
        results.set(item.index, { status: 200, letter });
      }
      await trx
        .insertInto('letterRevisions')
        .values(letters.map((letter) => ({ letterId: letter.id!, version: letter.version, body: toJson(letter), userId })))
        .execute();
    }
    pending = later;
  }
  return results;
}

import { z } from 'zod';
import { LETTER_SORT_FIELDS, isRealWallClock } from '../../shared/contract/platform-letters';
import type { LetterSortField } from '../../shared/contract/platform-letters';
import { invalidData } from '../http/errors';

// The filtered list's keyset cursor: the sort value and id of the last letter a page
// showed, so the next page starts after it however many letters were added meanwhile.
// Opaque to clients (base64url JSON); the order it was made for travels in it, so a
// cursor is never applied to a list sorted another way.

export const BAD_CURSOR_MESSAGE = 'This cursor does not belong to this list; start again from the first page.';

export type ListCursor = {
  sort: LetterSortField;
  direction: 'asc' | 'desc';
  /** The sort value as PostgreSQL printed it; null for a letter without one. */
  value: string | null;
  id: number;
};

/** Sorts whose value a letter may lack (no date, no audience); they go last. */
export const NULLABLE_SORTS: readonly LetterSortField[] = ['publicationDate', 'audience'];

const TIMESTAMPTZ = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})(\.\d{1,6})?$/;

/** A value that PostgreSQL would refuse to cast would be a 500, not a 422. */
function castable(sort: LetterSortField, value: string): boolean {
  const pattern = sort === 'updated_at' ? TIMESTAMPTZ : sort === 'publicationDate' ? TIMESTAMP : null;
  if (!pattern) return value.length <= 2_000;
  const match = pattern.exec(value);
  return match !== null && isRealWallClock(match[1]!);
}

const CursorSchema = z.tuple([
  z.enum(LETTER_SORT_FIELDS),
  z.enum(['asc', 'desc']),
  z.string().nullable(),
  z.number().int().positive().max(2_147_483_647),
]);

export function encodeListCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.direction, cursor.value, cursor.id])).toString('base64url');
}

/** The cursor, checked against the order asked for; anything else is 422 on `cursor`. */
export function decodeListCursor(text: string, sort: LetterSortField, direction: 'asc' | 'desc'): ListCursor {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidData({ cursor: [BAD_CURSOR_MESSAGE] });
  }
  const parsed = CursorSchema.safeParse(raw);
  if (!parsed.success) throw invalidData({ cursor: [BAD_CURSOR_MESSAGE] });
  const [cursorSort, cursorDirection, value, id] = parsed.data;
  const fits = value === null ? NULLABLE_SORTS.includes(sort) : castable(sort, value);
  if (cursorSort !== sort || cursorDirection !== direction || !fits) {
    throw invalidData({ cursor: [BAD_CURSOR_MESSAGE] });
  }
  return { sort, direction, value, id };
}

import type { Db } from '../db/database';

// A letter's tracked addresses by position (letter_links), written when a send renders the
// letter. One position per distinct address; positions already stored are kept, so every
// run of the send — a retry, a restart, a second instance, a send resumed after an edit —
// writes the same links for the same addresses, and a tracked link already in a reader's
// inbox keeps leading where it did.

/**
 * Stores the addresses not yet stored, after the highest position, and answers every
 * stored address of the letter with its position. Two runs adding the same addresses at
 * once write the same rows; should they ever differ, the first wins (ON CONFLICT DO NOTHING)
 * and the answer, read back from the table, is the truth either way.
 */
export async function storeLetterLinks(db: Db, letterId: number, urls: readonly string[]): Promise<Map<string, number>> {
  const read = async () => {
    const rows = await db.selectFrom('letterLinks').select(['position', 'url']).where('letterId', '=', letterId).execute();
    return new Map(rows.map((row) => [row.url, row.position]));
  };
  const stored = await read();
  const missing = urls.filter((url) => !stored.has(url));
  if (missing.length === 0) return stored;
  const highest = Math.max(0, ...stored.values());
  await db
    .insertInto('letterLinks')
    .values(missing.map((url, index) => ({ letterId, position: highest + index + 1, url })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return read();
}

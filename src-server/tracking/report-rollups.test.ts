import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { migrations } from '../db/migrations';
import { rebuildReportRollups } from '../db/migrations/0026-machine-activity';
import { PUBLIC_URL, hrefsOf, pathOf, startTrackingHarness } from './tracking-test-support';
import type { TrackingHarness } from './tracking-test-support';

// The report's rollups (migration 0012) stay exactly what a count from scratch gives:
// under events of one reader arriving at once, under multi-row updates of recipients like
// the send loop's batches, and when recipients go; and the migration's backfill finds the
// same from the rows and events alone.

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const PROXY = 'Mozilla/5.0';
const SCANNER = 'Mimecast link scanner';

let h: TrackingHarness;
let letterId: number;
let people: { email: (name: string) => string };
let pixel: (name: string) => string;
let links: (name: string) => string[];

const get = (url: string, userAgent: string) => h.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent }, remoteAddress: '81.2.69.142' });

/** Everything the rollups hold for the letter, in a stable order. */
async function rollups(db: Db, id: number) {
  const of = async (query: ReturnType<typeof sql<Record<string, unknown>>>) => (await query.execute(db)).rows;
  return {
    counters: await of(sql<Record<string, unknown>>`SELECT * FROM letter_report_counters WHERE letter_id = ${id}`),
    hours: await of(sql<Record<string, unknown>>`SELECT * FROM letter_report_hours WHERE letter_id = ${id} AND (opens, clicks, unique_opens, unique_clicks, clicks_all, unique_clicks_all) <> (0, 0, 0, 0, 0, 0) ORDER BY hour`),
    countries: await of(sql<Record<string, unknown>>`SELECT * FROM letter_report_countries WHERE letter_id = ${id} AND readers <> 0 ORDER BY country_code`),
    links: await of(sql<Record<string, unknown>>`SELECT position, uniques, total, uniques_all, total_all FROM letter_links WHERE letter_id = ${id} ORDER BY position`),
    linkReaders: await of(sql<Record<string, unknown>>`SELECT * FROM recipient_link_clicks WHERE letter_id = ${id} ORDER BY subscriber_id, position`),
    readers: await of(sql<Record<string, unknown>>`
      SELECT subscriber_id, opens, first_opened_at, first_confirmed_open_at, open_country, clicks, first_clicked_at, last_clicked_at,
        clicks_all, first_clicked_at_all
      FROM letter_recipients WHERE letter_id = ${id} ORDER BY subscriber_id`),
  };
}

/** The rollups kept as events arrived, and the same counted again from scratch. */
async function keptAndRecounted() {
  const kept = await rollups(h.t.db, letterId);
  await rebuildReportRollups(h.t.db, [letterId]);
  return { kept, recounted: await rollups(h.t.db, letterId) };
}

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ann', 'ben', 'col', 'dot']);
  people = audience;
  letterId = (await h.sendLetter(audience.segmentId)).id!;
  await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute' WHERE letter_id = ${letterId}`.execute(h.t.db);
  pixel = (name) => pathOf(/src="(https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]+\.gif)"/.exec(String(h.mailTo(audience.email(name)).mail.html))![1]!);
  links = (name) => hrefsOf(h.mailTo(audience.email(name))).filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`)).map(pathOf);
});
afterAll(async () => {
  await h?.close();
});

describe('events of one reader at once', () => {
  it('count one reader however many opens and clicks arrive together', async () => {
    const [story] = links('ann');
    await Promise.all([
      ...Array.from({ length: 12 }, () => get(pixel('ann'), PROXY)),
      ...Array.from({ length: 8 }, () => get(story!, SCANNER)),
      // ben's first events are clicks of his own: each would write his confirmed open, once.
      ...Array.from({ length: 8 }, () => get(links('ben')[1]!, CHROME)),
    ]);
    const counters = await h.t.db.selectFrom('letterReportCounters').selectAll().where('letterId', '=', letterId).executeTakeFirstOrThrow();
    // The scanner's clicks are kept, and counted only with machines'.
    expect(counters).toMatchObject({ recipients: 4, accepted: 4, opened: 2, openedConfirmed: 1, clicked: 1, clickedAll: 2 });
    const readers = await h.t.db
      .selectFrom('letterRecipients')
      .select(['email', 'opens', 'clicks', 'clicksAll', 'openCountry'])
      .where('letterId', '=', letterId)
      .where('email', 'in', [people.email('ann'), people.email('ben')])
      .orderBy('email')
      .execute();
    expect(readers).toEqual([
      { email: people.email('ann'), opens: 12, clicks: 0, clicksAll: 8, openCountry: 'GB' },
      { email: people.email('ben'), opens: 1, clicks: 8, clicksAll: 8, openCountry: 'GB' },
    ]);
    const linkRows = await h.t.db
      .selectFrom('letterLinks')
      .select(['position', 'uniques', 'total', 'uniquesAll', 'totalAll'])
      .where('letterId', '=', letterId)
      .where('totalAll', '>', 0)
      .orderBy('position')
      .execute();
    expect(linkRows.map((row) => [row.uniques, row.total, row.uniquesAll, row.totalAll])).toEqual([[0, 0, 1, 8], [1, 8, 1, 8]]);

    const { kept, recounted } = await keptAndRecounted();
    expect(kept).toEqual(recounted);
  });
});

describe('changes to recipient rows by other writers', () => {
  it('follow multi-row updates of status, bounced_at and unsubscribed_at, and deleted recipients', async () => {
    // As a batch of the send loop, a bounce handler and an unsubscribe would write them.
    await sql`UPDATE letter_recipients SET bounced_at = now() WHERE letter_id = ${letterId} AND email IN (${people.email('col')}, ${people.email('dot')})`.execute(h.t.db);
    await sql`UPDATE letter_recipients SET unsubscribed_at = now() WHERE letter_id = ${letterId}`.execute(h.t.db);
    await sql`UPDATE letter_recipients SET status = 'refused', sent_at = NULL WHERE letter_id = ${letterId} AND email = ${people.email('dot')}`.execute(h.t.db);
    let counters = await h.t.db.selectFrom('letterReportCounters').selectAll().where('letterId', '=', letterId).executeTakeFirstOrThrow();
    expect(counters).toMatchObject({ recipients: 4, accepted: 3, refused: 1, bouncedBack: 1, unsubscribed: 4 });

    const col = await h.t.db.selectFrom('subscribers').select('id').where('email', '=', people.email('col')).executeTakeFirstOrThrow();
    await h.t.db.deleteFrom('subscribers').where('id', '=', col.id).execute();
    counters = await h.t.db.selectFrom('letterReportCounters').selectAll().where('letterId', '=', letterId).executeTakeFirstOrThrow();
    expect(counters).toMatchObject({ recipients: 3, accepted: 2, refused: 1, bouncedBack: 0, unsubscribed: 3 });

    const { kept, recounted } = await keptAndRecounted();
    expect(kept.counters).toEqual(recounted.counters);
    expect(kept.countries).toEqual(recounted.countries);
  });
});

describe('migration 0012-report-rollups', () => {
  it('backfills from the recipients and events already written', async () => {
    const before = await rollups(h.t.db, letterId);
    const migrator = new Migrator({ db: h.t.db, provider: { getMigrations: async () => migrations } });
    // Back to the migration before it (later ones go down first), then up again.
    const down = await migrator.migrateTo('0011-bounces-unsubscribes');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toContain('0012-report-rollups');
    await migrateToLatest(h.t.db);
    const after = await rollups(h.t.db, letterId);
    // Opens' countries went with the column the migration's down dropped.
    const withoutCountries = (r: typeof before) => ({ ...r, countries: [], readers: r.readers.map((row) => ({ ...row, openCountry: null })) });
    expect(withoutCountries(after)).toEqual(withoutCountries(before));
    expect(after.countries).toEqual([{ letterId, countryCode: '', readers: 2 }]);
  });
});

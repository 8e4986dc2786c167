import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { EMBEDDED_ACCOUNT } from '../shared/contract/platform-api';
import { newSection, serializeSections } from '../shared/model/index';
import type { Letter } from '../shared/model/letter';
import { newDraftLetter } from '../shared/model/new-letter';
import { createPlatformClient } from '../src-main/core/platform/platform-client';
import { createSession, memoryTokenVault } from '../src-main/core/session';
import { createKvStore } from '../src-main/core/store/kv-store';
import { createLettersStore, type LettersStore } from '../src-main/core/store/letters-store';
import { openStore } from '../src-main/core/store/open-store';
import { PUSH_BATCH_SIZE, createSyncEngine } from '../src-main/core/sync/sync-engine';
import { sql } from 'kysely';
import { createDb } from '../src-server/db/database';
import { benchChannel, median, startPlatformThread, trackPeakMemory } from './support/figures';

// The sync targets of the offline-drafting work: listing and searching 10,000 cached
// letters (targets: under 5 ms and 20 ms median), and pushing 1,000 new and then 1,000
// locally edited letters to a real platform on loopback, running in its own thread as the
// app runs it in its own process (issue 23 target: at least 250 edited letters per second),
// in batches and, as the baseline measured in the same run, one by one; and pulling 10,000
// letters into an empty cache (target: under 3 s). Prints only.

const CACHED = 10_000;
const PUSHED = 1_000;
const PULLED = 10_000;
const RUNS = 50;
const WORDS = ['harbour', 'lights', 'autumn', 'budget', 'garden', 'river', 'market', 'council', 'festival', 'school'];

function cachedLetter(n: number): Letter {
  const paragraph = newSection('paragraph', `p-${n}`);
  const words = Array.from({ length: 60 }, (_, i) => WORDS[(n * 7 + i) % WORDS.length]).join(' ');
  paragraph.delta = { ops: [{ insert: `${words} story ${n}\n` }] };
  return {
    ...newDraftLetter({ uniqueId: `cached-${n}`, channel: benchChannel, author: null, now: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString() }),
    id: n + 1,
    version: 1,
    title: `Issue ${n} — ${WORDS[n % WORDS.length]}`,
    blocks: serializeSections([paragraph]),
  };
}

async function timeRuns(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function listAndSearch(dir: string) {
  const db = await openStore(join(dir, 'list'));
  try {
    const store = createLettersStore(db);
    const fill = performance.now();
    for (let n = 0; n < CACHED; n++) await store.applyRemote(cachedLetter(n));
    console.log(`filled the cache with ${CACHED} letters in ${((performance.now() - fill) / 1000).toFixed(1)} s`);
    const place = { brandSlug: benchChannel.brandSlug, channelSlug: benchChannel.channelSlug };
    console.log(`list (first page of ${CACHED}) median: ${(await timeRuns(() => store.list(place))).toFixed(2)} ms (target < 5 ms)`);
    console.log(`list sorted by title median: ${(await timeRuns(() => store.list({ ...place, sort: 'title', direction: 'asc' }))).toFixed(2)} ms`);
    console.log(`full-text search median: ${(await timeRuns(() => store.list({ ...place, search: 'harbour festival' }))).toFixed(2)} ms (target < 20 ms)`);
  } finally {
    await db.destroy();
  }
}

type Sync = ReturnType<typeof createSyncEngine>;

/** Pushes what the outbox holds; answers letters per second. */
async function timedPush(sync: Sync, count: number, label: string): Promise<number> {
  const start = performance.now();
  const status = await sync.pushNow();
  const seconds = (performance.now() - start) / 1000;
  const rate = count / seconds;
  console.log(`${label}: ${rate.toFixed(0)} letters/s (${seconds.toFixed(2)} s, ${status.state})`);
  if (status.state !== 'synced' || status.pending !== 0) throw new Error(`${label}: the outbox did not empty (${JSON.stringify(status)})`);
  return rate;
}

function edited(n: number): Parameters<LettersStore['saveLocal']>[1] {
  const paragraph = newSection('paragraph', `edit-${n}`);
  paragraph.delta = { ops: [{ insert: `An edit of letter ${n}: ${WORDS.join(' ')}\n` }] };
  return { title: `Edited ${n}`, blocks: serializeSections([paragraph]) };
}

async function push(dir: string) {
  // In its own thread, as the app runs the platform in its own process.
  const platform = await startPlatformThread(join(dir, 'platform'));
  const db = await openStore(join(dir, 'push'));
  try {
    const store = createLettersStore(db);
    const connection = { mode: 'embedded' as const, url: platform.url, account: { ...EMBEDDED_ACCOUNT } };
    let session: Awaited<ReturnType<typeof createSession>> | null = null;
    const client = createPlatformClient(platform.url, () => session?.getToken() ?? null);
    const kv = createKvStore(db);
    session = await createSession(connection, client, kv, memoryTokenVault());
    const channel = (await session.refresh()).organizations.flatMap((o) => o.channels).find((c) => c.channelSlug === 'weekly');
    if (!channel) throw new Error('The demo channel is missing.');
    const engine = (pushBatchSize: number) =>
      createSyncEngine({ store, kv, client, session, emit: () => {}, pushDelayMs: 3_600_000, log: () => {}, pushBatchSize });
    // The baseline: each letter by its own call, 8 at once, as pushes went before batches.
    const oneByOne = engine(1);
    const batched = engine(PUSH_BATCH_SIZE);
    const sets = { baseline: [] as string[], batched: [] as string[] };
    const insert = async (set: string[], prefix: string) => {
      for (let n = 0; n < PUSHED; n++) {
        const letter = newDraftLetter({ uniqueId: `${prefix}-${n}`, channel, author: null, now: new Date().toISOString() });
        await store.insertNew({ ...letter, title: `Pushed ${n}` });
        set.push(letter.uniqueId);
      }
    };
    const edit = async (set: string[]) => {
      for (const [n, uniqueId] of set.entries()) await store.saveLocal(uniqueId, edited(n), new Date().toISOString());
    };
    // Each side once first and once second, so neither gains from going later (a warmer
    // platform) or earlier (smaller tables).
    await insert(sets.baseline, 'one-by-one');
    const createBase = await timedPush(oneByOne, PUSHED, `push ${PUSHED} new letters, one by one (baseline)`);
    await insert(sets.batched, 'batched');
    const createBatch = await timedPush(batched, PUSHED, `push ${PUSHED} new letters, batches of ${PUSH_BATCH_SIZE}`);
    await edit(sets.batched);
    const editBatch = await timedPush(batched, PUSHED, `push ${PUSHED} edited letters, batches of ${PUSH_BATCH_SIZE}`);
    await edit(sets.baseline);
    const editBase = await timedPush(oneByOne, PUSHED, `push ${PUSHED} edited letters, one by one (baseline)`);
    console.log(
      `push, batches against one by one in this run: new letters ${(createBatch / createBase).toFixed(2)}x, ` +
        `edited letters ${(editBatch / editBase).toFixed(2)}x (edited: ${editBatch.toFixed(0)} letters/s, target ≥ 250/s)`,
    );
    await oneByOne.stop();
    await batched.stop();
    await pullIntoEmptyCache(platform.url, platform.connectionString, join(dir, 'pull'));
  } finally {
    await db.destroy();
    await platform.close();
  }
}

/** Copies one stored letter on the platform until it holds PULLED letters (fast, in SQL). */
async function fillPlatform(connectionString: string) {
  const db = createDb(connectionString);
  try {
    const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_name = 'letters' and column_name not in ('id', 'unique_id') and is_generated = 'NEVER'`.execute(db);
    const columns = sql.join(rows.map((r) => sql.ref(r.name)));
    const { rows: counted } = await sql<{ n: string }>`select count(*) as n from letters`.execute(db);
    const missing = PULLED - Number(counted[0]?.n ?? 0);
    await sql`insert into letters (unique_id, ${columns})
      select 'bench-' || g, ${columns} from (select * from letters order by id limit 1) one, generate_series(1, ${missing}) g`.execute(db);
  } finally {
    await db.destroy();
  }
}

async function pullIntoEmptyCache(platformUrl: string, connectionString: string, dataDir: string) {
  await fillPlatform(connectionString);
  const db = await openStore(dataDir);
  try {
    const store = createLettersStore(db);
    const kv = createKvStore(db);
    const connection = { mode: 'embedded' as const, url: platformUrl, account: { ...EMBEDDED_ACCOUNT } };
    let session: Awaited<ReturnType<typeof createSession>> | null = null;
    const client = createPlatformClient(platformUrl, () => session?.getToken() ?? null);
    session = await createSession(connection, client, kv, memoryTokenVault());
    await session.refresh();
    const sync = createSyncEngine({ store, kv, client, session, emit: () => {}, pushDelayMs: 3_600_000, log: console.error });
    const start = performance.now();
    await sync.pull();
    const seconds = (performance.now() - start) / 1000;
    const cached = await store.list({ brandSlug: 'demo', channelSlug: 'weekly', limit: 1000, offset: PULLED - 1 });
    console.log(`pull ${PULLED} letters into an empty cache: ${seconds.toFixed(2)} s${cached.length === 1 ? '' : ' (INCOMPLETE)'} (target < 3 s)`);
    await sync.stop();
  } finally {
    await db.destroy();
  }
}

export default async function syncBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-bench-sync-'));
  const memory = trackPeakMemory();
  try {
    await listAndSearch(dir);
    await push(dir);
  } finally {
    console.log(`peak memory: ${memory.stop().toFixed(0)} MB`);
    rmSync(dir, { recursive: true, force: true });
  }
}

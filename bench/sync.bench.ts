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
import { createLettersStore } from '../src-main/core/store/letters-store';
import { openStore } from '../src-main/core/store/open-store';
import { createSyncEngine } from '../src-main/core/sync/sync-engine';
import { startPlatform } from '../src-server/start';
import { benchChannel, median, trackPeakMemory } from './support/figures';

// The sync targets of the offline-drafting work: listing and searching 10,000 cached
// letters (targets: under 5 ms and 20 ms median), and pushing 1,000 locally edited letters
// to a real platform on loopback (target: at least 200 letters per second). Prints only.

const CACHED = 10_000;
const PUSHED = 1_000;
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

async function push(dir: string) {
  const platform = await startPlatform({ port: 0, dataDir: join(dir, 'platform') });
  const db = await openStore(join(dir, 'push'));
  try {
    const store = createLettersStore(db);
    const connection = { mode: 'embedded' as const, url: platform.url, account: { ...EMBEDDED_ACCOUNT } };
    let session: Awaited<ReturnType<typeof createSession>> | null = null;
    const client = createPlatformClient(platform.url, () => session?.getToken() ?? null);
    session = await createSession(connection, client, createKvStore(db), memoryTokenVault());
    const channel = (await session.refresh()).organizations.flatMap((o) => o.channels).find((c) => c.channelSlug === 'weekly');
    if (!channel) throw new Error('The demo channel is missing.');
    const sync = createSyncEngine({ store, client, session, emit: () => {}, pushDelayMs: 3_600_000, log: () => {} });
    for (let n = 0; n < PUSHED; n++) {
      const letter = newDraftLetter({ uniqueId: `pushed-${n}`, channel, author: null, now: new Date().toISOString() });
      await store.insertNew({ ...letter, title: `Pushed ${n}` });
    }
    const start = performance.now();
    const status = await sync.pushNow();
    const seconds = (performance.now() - start) / 1000;
    console.log(`push ${PUSHED} new letters: ${(PUSHED / seconds).toFixed(0)} letters/s (${seconds.toFixed(2)} s, ${status.state}) (target ≥ 200/s)`);
    await sync.stop();
  } finally {
    await db.destroy();
    await platform.close();
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

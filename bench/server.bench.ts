import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { EMBEDDED_ACCOUNT, platformPaths } from '../shared/contract/platform-api';
import type { MeResponse } from '../shared/contract/platform-api';
import { newSection, serializeSections } from '../shared/model/index';
import type { Delta } from '../shared/model/index';
import { createDb } from '../src-server/db/database';
import { startPlatform } from '../src-server/start';
import { createBody } from '../src-server/testing/letter-fixtures';
import { startPlatformThread, trackPeakMemory } from './support/figures';
import { api } from './support/api-call';

// The platform under load (issue 6 "Scale"): an embedded platform with 200 letters, 50
// connections autosaving them for about 20 s (autocannon, in this process: client and
// server share the machine's cores), then letter list reads. Afterwards every letter's
// stored version must be 1 + the writes the platform accepted for it (no lost update).
// The platform runs in a thread of its own, as the app runs it in a process of its own;
// then, as the baseline of the same run, in this thread beside autocannon, as this bench
// ran it before (issue 23). Prints only; README.md "Performance" takes its figures.

const LETTERS = 200;
const CONNECTIONS = 50;
const WRITE_SECONDS = 20;
const READ_SECONDS = 10;
const CLAIMANT = JSON.stringify({ uniqueId: 'bench-editor', name: 'Bench', surname: 'Editor', email: 'bench@example.com' });

type Placed = { id: number; uniqueId: string };

function blocks(): string {
  const sections = Array.from({ length: 6 }, (_, i) => {
    const section = newSection('paragraph', `p-${i}`);
    const delta: Delta = { ops: [{ insert: `Paragraph ${i}: the harbour lights came on one by one as the council met. `.repeat(4) + '\n' }] };
    section.delta = delta;
    return section;
  });
  return serializeSections(sections);
}

async function createLetters(url: string, token: string, channelId: number): Promise<Placed[]> {
  const letters: Placed[] = [];
  for (let start = 0; start < LETTERS; start += 20) {
    const batch = Array.from({ length: Math.min(20, LETTERS - start) }, (_, i) =>
      api<Placed>(
        `${url}${platformPaths.letters('demo', 'weekly')}`,
        'POST',
        token,
        createBody(channelId, { authors: [], blocks: blocks(), title: `Bench letter ${start + i}` }),
      ),
    );
    letters.push(...(await Promise.all(batch)));
  }
  return letters;
}

/** Autosaves rotating over the letters; counts, per letter, the writes the platform accepted. */
function autosaveLoad(url: string, token: string, channelId: number, letters: Placed[]) {
  const accepted = new Map<number, number>(letters.map((letter) => [letter.id, 0]));
  const known = new Map<number, number>(letters.map((letter) => [letter.id, 1]));
  const body = blocks();
  let next = 0;
  const run = (limit: { amount: number }) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      ...limit,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const letter = letters[next++ % letters.length]!;
            return {
              ...request,
              path: platformPaths.autosave(channelId, letter.id),
              body: JSON.stringify({
                blocks: body,
                title: `Autosave ${next}`,
                claimant: CLAIMANT,
                uniqueId: letter.uniqueId,
                publicationStatus: 0,
                baseVersion: known.get(letter.id),
              }),
            };
          },
          onResponse: (status, text) => {
            if (status !== 200) return;
            const { id, version } = JSON.parse(text) as { id: number; version: number };
            accepted.set(id, (accepted.get(id) ?? 0) + 1);
            known.set(id, Math.max(known.get(id) ?? 1, version));
          },
        },
      ],
    });
  return { run, accepted };
}

function report(name: string, result: autocannon.Result): void {
  console.log(
    `${name}: ${result.requests.average.toFixed(0)} requests/s over ${result.duration.toFixed(1)} s ` +
      `(${result.requests.total} requests), latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} (target 0)`,
  );
}

async function checkVersions(connectionString: string, accepted: Map<number, number>): Promise<void> {
  const db = createDb(connectionString, { maxConnections: 1 });
  try {
    const ids = [...accepted.keys()];
    const rows = await db.selectFrom('letters').select(['id', 'version']).where('id', 'in', ids).execute();
    const revisions = await db
      .selectFrom('letterRevisions')
      .select(['letterId', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.count<string>('version').distinct().as('distinct')])
      .where('letterId', 'in', ids)
      .groupBy('letterId')
      .execute();
    const revisionsOf = new Map(revisions.map((row) => [row.letterId, row]));
    const wrong = rows.filter((row) => {
      const counted = revisionsOf.get(row.id);
      return row.version !== 1 + accepted.get(row.id)! || Number(counted?.n) !== row.version || Number(counted?.distinct) !== row.version;
    });
    const writes = [...accepted.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      wrong.length === 0 && rows.length === ids.length
        ? `no lost update: all ${ids.length} letters hold version 1 + their ${writes} accepted writes, one revision each`
        : `LOST UPDATES: ${wrong.length} of ${ids.length} letters disagree (e.g. ${JSON.stringify(wrong.slice(0, 3))})`,
    );
  } finally {
    await db.destroy();
  }
}

type Figures = { autosave: autocannon.Result; firstPage: autocannon.Result; all: autocannon.Result };

/** The whole load against one platform: autosaves, the check for lost updates, then the two lists. */
async function measure(platform: { url: string; connectionString: string }, setup: string): Promise<Figures> {
  console.log(`-- platform ${setup}`);
  const { token } = await api<{ token: string }>(`${platform.url}${platformPaths.login()}`, 'POST', null, EMBEDDED_ACCOUNT);
  const me = await api<MeResponse>(`${platform.url}${platformPaths.me()}`, 'GET', token);
  const weekly = me.organizations.flatMap((o) => o.channels).find((c) => c.channelSlug === 'weekly');
  if (!weekly) throw new Error('The demo channel is missing.');
  const letters = await createLetters(platform.url, token, weekly.id);
  console.log(`created ${letters.length} letters`);

  // A fixed number of requests rather than a duration: autocannon drops requests still
  // in flight when time runs out, and an unanswered write could not be counted. A short
  // warm-up measures the rate that makes the main run last about WRITE_SECONDS.
  const load = autosaveLoad(platform.url, token, weekly.id, letters);
  const warmUp = await load.run({ amount: 2_000 });
  // The median second, not the mean: the first seconds run before the JIT has warmed up.
  const amount = Math.max(CONNECTIONS, Math.round(warmUp.requests.p50 * WRITE_SECONDS));
  const autosave = await load.run({ amount });
  report(`autosave, ${LETTERS} letters, ${CONNECTIONS} connections`, autosave);
  if (autosave.errors + warmUp.errors > 0) console.log('(connection errors: a write whose answer was lost counts as a disagreement below)');
  await checkVersions(platform.connectionString, load.accepted);

  const headers = { authorization: `Bearer ${token}` };
  const read = async (name: string, path: string) => {
    const result = await autocannon({ url: `${platform.url}${path}`, connections: CONNECTIONS, duration: READ_SECONDS, headers });
    report(name, result);
    return result;
  };
  const firstPage = await read('letter list (channel, first page of 25)', platformPaths.channelLetters('weekly'));
  const all = await read(`letter list (brand and channel, all ${LETTERS})`, platformPaths.letters('demo', 'weekly'));
  return { autosave, firstPage, all };
}

export default async function serverBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-bench-server-'));
  const memory = trackPeakMemory();
  try {
    // As the app runs it: the platform in a thread of its own, autocannon in this one.
    const threaded = await startPlatformThread(join(dir, 'platform-thread'));
    let own: Figures;
    try {
      own = await measure(threaded, 'in its own thread (as the app runs it)');
    } finally {
      await threaded.close();
    }
    // The baseline of this run: the platform in this thread with autocannon, as this bench
    // measured before, so client and server share one thread as well as the two cores.
    const inProcess = await startPlatform({ port: 0, dataDir: join(dir, 'platform') });
    let shared: Figures;
    try {
      shared = await measure(inProcess, 'in the bench\'s own thread (baseline)');
    } finally {
      await inProcess.close();
    }
    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    console.log(
      `own thread against the baseline in this run: autosave ${ratio(own.autosave.requests.average, shared.autosave.requests.average)} the requests/s ` +
        `(${own.autosave.requests.average.toFixed(0)}/s, target ≥ 600/s); list of ${LETTERS} p99 ${own.all.latency.p99} ms against ${shared.all.latency.p99} ms ` +
        `(target < 150 ms), ${ratio(own.all.requests.average, shared.all.requests.average)} the requests/s; first page p99 ${own.firstPage.latency.p99} ms against ${shared.firstPage.latency.p99} ms`,
    );
  } finally {
    console.log(`peak memory: ${memory.stop().toFixed(0)} MB`);
    rmSync(dir, { recursive: true, force: true });
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { createLettersStore } from '../src-main/core/store/letters-store';
import { openStore } from '../src-main/core/store/open-store';
import type { Letter } from '../shared/model/letter';
import { newDraftLetter } from '../shared/model/new-letter';
import { newSection, newSectionOfEveryType, serializeSections } from '../shared/model/index';
import { benchChannel, percentile } from './support/figures';

// What an editor feels on every edit: `letters.saveLocal` writing a letter to the local
// SQLite cache, against a baseline doing the least work with the same durability (one
// UPDATE plus one outbox INSERT in a transaction, same pragmas). The ratio is the figure to
// watch; absolute times depend on the machine. Never fails on time: it only prints.

const WARM_UP = 200;
const SAVES = 2000;

/** A letter with 30 sections (every block type plus a few layouts), as an editor's would be. */
function realisticLetter(uniqueId: string): Letter {
  const sections = [
    ...newSectionOfEveryType('s-'),
    ...[1, 2, 3, 4].map((n) => newSection('layout', `extra-layout-${n}`)),
  ];
  const letter = newDraftLetter({ uniqueId, channel: benchChannel, author: null, now: new Date().toISOString() });
  return { ...letter, title: 'Edit 0', blocks: serializeSections(sections) };
}

type Figures = { p50: number; p95: number; p99: number; mean: number; perSecond: number };

async function measure(save: (i: number) => unknown): Promise<Figures> {
  for (let i = 0; i < WARM_UP; i++) await save(i);
  const times: number[] = [];
  for (let i = 0; i < SAVES; i++) {
    const start = performance.now();
    await save(WARM_UP + i);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => percentile(times, p);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  return { p50: at(50), p95: at(95), p99: at(99), mean, perSecond: 1000 / mean };
}

async function letterdesk(dir: string, letter: Letter): Promise<Figures> {
  const db = await openStore(dir);
  try {
    const store = createLettersStore(db);
    await store.insertNew(letter);
    return await measure((i) => store.saveLocal(letter.uniqueId, { title: `Edit ${i}` }, new Date().toISOString()));
  } finally {
    await db.destroy();
  }
}

async function baseline(dir: string, letter: Letter): Promise<Figures> {
  const db = new Database(join(dir, 'baseline.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    // The cache's tables, keys and indexes, so each write touches the same structures.
    db.exec(`
      CREATE TABLE letters (unique_id TEXT PRIMARY KEY, id INTEGER UNIQUE, brand_slug TEXT NOT NULL,
        channel_slug TEXT NOT NULL, title TEXT NOT NULL, publication_status INTEGER NOT NULL,
        publication_date TEXT, segment_name TEXT, version INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL, body TEXT NOT NULL, dirty INTEGER NOT NULL DEFAULT 0, sync_error TEXT);
      CREATE INDEX letters_by_channel ON letters (brand_slug, channel_slug, updated_at);
      CREATE TABLE outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT,
        letter_unique_id TEXT NOT NULL REFERENCES letters (unique_id) ON DELETE CASCADE,
        kind TEXT NOT NULL, created_at TEXT NOT NULL, started_at TEXT,
        attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT);
      CREATE INDEX outbox_by_letter ON outbox (letter_unique_id);
    `);
    db.prepare(
      `INSERT INTO letters (unique_id, brand_slug, channel_slug, title, publication_status, updated_at, body, dirty)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
    ).run(letter.uniqueId, letter.brandSlug, letter.channelSlug, letter.title, letter.publicationStatus, letter.updatedAt, JSON.stringify(letter));
    const update = db.prepare('UPDATE letters SET body = ?, title = ?, updated_at = ? WHERE unique_id = ?');
    const enqueue = db.prepare("INSERT INTO outbox (letter_unique_id, kind, created_at) VALUES (?, 'save', ?)");
    const save = db.transaction((title: string, now: string) => {
      // The letter is already in memory here, but its full JSON body is still written each
      // time, as the cache stores it, so the bytes on disk match Letterdesk's.
      update.run(JSON.stringify({ ...letter, title, updatedAt: now }), title, now, letter.uniqueId);
      enqueue.run(letter.uniqueId, now);
    });
    return await measure((i) => save(`Edit ${i}`, new Date().toISOString()));
  } finally {
    db.close();
  }
}

const ms = (n: number) => `${n.toFixed(3)} ms`;

function report(label: string, f: Figures) {
  console.log(
    `${label.padEnd(11)} p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)}  mean ${ms(f.mean)}  ${Math.round(f.perSecond)} saves/s`,
  );
}

export default async function localSave(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'letterdesk-bench-'));
  try {
    const letter = realisticLetter('bench-letter');
    console.log(`local save: ${SAVES} saves after ${WARM_UP} warm-up, body ${(JSON.stringify(letter).length / 1024).toFixed(1)} KB`);
    const ours = await letterdesk(join(root, 'letterdesk'), letter);
    const base = await baseline(root, letter);
    report('Letterdesk', ours);
    report('baseline', base);
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;
    console.log(`local save p50: ${ms(ours.p50)} (baseline ${ms(base.p50)}, ratio ${ratio(ours.p50, base.p50)})`);
    console.log(`local save p95: ${ms(ours.p95)} (baseline ${ms(base.p95)}, ratio ${ratio(ours.p95, base.p95)})`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

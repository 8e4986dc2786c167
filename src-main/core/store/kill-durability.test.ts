import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { createLettersStore } from './letters-store';
import { openStore } from './open-store';

// "Nothing typed is lost when the app is killed after the write": a process saves edits,
// is killed with SIGKILL (no chance to flush or close), and a new process finds them all,
// each with its way to the platform still queued.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('keeps every committed edit and its outbox entry, and an intact file, when the process is killed', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'letterdesk-kill-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'testing/save-then-hang.ts'), dataDir, '40'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('saved Edit 40\n')) done();
    });
    child.once('exit', (code) => fail(new Error(`the child exited early with ${code}: ${output}`)));
  });
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;

  const db = await openStore(dataDir);
  try {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
    const store = createLettersStore(db);
    expect((await store.getByUniqueId('killed-letter'))?.title).toBe('Edit 40');
    const [listed] = await store.list({ brandSlug: 'demo', channelSlug: 'weekly' });
    expect(listed?.unsynced).toBe(true);
    expect(await store.outbox.count()).toBe(1);
  } finally {
    await db.destroy();
  }
});

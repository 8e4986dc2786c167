import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { EMBEDDED_ACCOUNT, platformPaths } from '../shared/contract/platform-api';
import type { SubscriberImportResponse } from '../shared/contract/platform-audience';
import { startPlatform } from '../src-server/start';
import { api } from './support/api-call';

// A 100,000-row subscriber CSV streamed over HTTP into the embedded platform (issue 18:
// target < 20 s). The file is generated as it is sent, never held whole, and this process
// runs the platform too, so the peak RSS printed covers the import's reading and writing.

const ROWS = Number(process.env.IMPORT_BENCH_ROWS ?? 100_000);

function* csvLines(): Generator<Buffer> {
  yield Buffer.from('email,first_name,last_name,tags,company\n');
  let chunk = '';
  for (let i = 1; i <= ROWS; i += 1) {
    chunk += `bench${i}@example.org,Reader,${i},bench;wave-${i % 7},Company ${i % 100}\n`;
    if (i % 1000 === 0) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  if (chunk) yield Buffer.from(chunk);
}

export default async function importBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-bench-import-'));
  const platform = await startPlatform({ port: 0, dataDir: join(dir, 'platform'), deliveryJobs: false });
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  try {
    const { token } = await api<{ token: string }>(`${platform.url}${platformPaths.login()}`, 'POST', null, EMBEDDED_ACCOUNT);
    const started = performance.now();
    const response = await fetch(`${platform.url}${platformPaths.subscribersImport('demo', 'weekly')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: Readable.toWeb(Readable.from(csvLines())) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
    const summary = (await response.json()) as SubscriberImportResponse;
    const seconds = (performance.now() - started) / 1000;
    console.log(`  ${ROWS.toLocaleString('en')} rows: ${seconds.toFixed(1)} s, ${Math.round(ROWS / seconds).toLocaleString('en')} rows/s (target < 20 s)`);
    console.log(`  created ${summary.created.toLocaleString('en')}, skipped ${summary.skipped}`);
    console.log(`  peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB (platform and sender in one process)`);
  } finally {
    clearInterval(sampler);
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

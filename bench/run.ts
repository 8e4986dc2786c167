import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Runs every `*.bench.ts` beside this file, one after another so they never compete for
// the CPU or the disk. Each exports a default async function that prints its figures.

type Bench = { default: () => Promise<void> };

const dir = dirname(fileURLToPath(import.meta.url));
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort();

for (const file of files) {
  console.log(`\n== ${file}`);
  const bench = (await import(pathToFileURL(join(dir, file)).href)) as Bench;
  await bench.default();
}

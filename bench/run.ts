import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Runs every `*.bench.ts` beside this file, one after another so they never compete for
// the CPU or the disk. Each exports a default async function that prints its figures.
// Names given on the command line pick benches by file name: `npm run bench -- render`
// runs render.bench.ts only.

type Bench = { default: () => Promise<void> };

const dir = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.replace(/\.bench\.ts$/, '').includes(filter)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark matches ${filters.join(', ')}`);
  process.exit(1);
}

for (const file of files) {
  console.log(`\n== ${file}`);
  const bench = (await import(pathToFileURL(join(dir, file)).href)) as Bench;
  await bench.default();
}

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { WEB_FONTS } from '../shared/model/fonts';

// `npx tsx scripts/vendor-web-fonts.ts` copies the web fonts the Styles tab offers into the
// renderer's public folder, so the composer and the preview show them without a network
// (the app works offline; Google Fonts is only what readers' mail clients fetch). Each font
// comes from its Fontsource package, packed at the version below; only the Latin subset's
// regular, bold and italic woff2 files are kept (a whole package is 1–3 MB, 68 of them
// would be a dependency tree of their own), with the package's licence. It then writes the
// manifest the renderer reads (shared/model/web-font-files.ts).
// Run it again after changing WEB_FONTS or a version here, and commit what it writes.

/** The Fontsource package version each font is copied from. */
const VERSIONS: Record<string, string> = {
  'source-code-pro': '5.3.1',
  'source-sans-3': '5.3.1',
  'source-serif-4': '5.3.1',
};
const DEFAULT_VERSION = '5.3.0';

/** The faces kept: what rich text draws (regular, bold, italic); bold italic is synthesized. */
const FACES = [
  { weight: 400, style: 'normal' },
  { weight: 700, style: 'normal' },
  { weight: 400, style: 'italic' },
] as const;

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'src-renderer/public/web-fonts');
const manifestFile = join(root, 'shared/model/web-font-files.ts');

/** Fontsource's package name for a Google Fonts family: 'Source Sans 3' is source-sans-3. */
export function fontsourceSlug(family: string): string {
  return family.toLowerCase().replace(/ /g, '-');
}

interface Entry {
  slug: string;
  version: string;
  license: string;
  faces: { weight: number; style: string; file: string }[];
}

function vendor(family: string, work: string): Entry {
  const slug = fontsourceSlug(family);
  const version = VERSIONS[slug] ?? DEFAULT_VERSION;
  const dir = join(work, slug);
  mkdirSync(dir);
  const packed = JSON.parse(
    execFileSync('npm', ['pack', `@fontsource/${slug}@${version}`, '--json', '--pack-destination', dir], { encoding: 'utf8', shell: process.platform === 'win32' }),
  ) as { filename: string }[];
  execFileSync('tar', ['xzf', packed[0]!.filename], { cwd: dir });
  const pkg = join(dir, 'package');
  const license = (JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as { license?: string }).license ?? 'see licence file';
  const faces: Entry['faces'] = [];
  for (const { weight, style } of FACES) {
    const file = `${slug}-latin-${weight}-${style}.woff2`;
    if (!existsSync(join(pkg, 'files', file))) continue; // single-weight families, families without italics
    copyFileSync(join(pkg, 'files', file), join(outDir, file));
    faces.push({ weight, style, file });
  }
  if (!faces.some((face) => face.weight === 400 && face.style === 'normal')) throw new Error(`${family}: no Latin regular face in @fontsource/${slug}@${version}`);
  copyFileSync(join(pkg, 'LICENSE'), join(outDir, 'licenses', `${slug}.txt`));
  return { slug, version, license, faces };
}

function manifestSource(entries: Record<string, Entry>): string {
  const lines = Object.entries(entries).map(([family, entry]) => `  ${JSON.stringify(family)}: ${JSON.stringify(entry)},`);
  return [
    '// Written by scripts/vendor-web-fonts.ts: do not edit. The web fonts shipped with the app,',
    '// in src-renderer/public/web-fonts/ (served at /web-fonts/ by both hosts), per family.',
    '',
    'export interface WebFontFiles {',
    '  /** The Fontsource package the files come from: @fontsource/{slug}@{version}. */',
    '  slug: string;',
    '  version: string;',
    '  /** SPDX id from the package; the licence text is licenses/{slug}.txt. */',
    '  license: string;',
    '  faces: readonly { weight: number; style: string; file: string }[];',
    '}',
    '',
    'export const WEB_FONT_FILES: Readonly<Record<string, WebFontFiles>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
}

function main(): void {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'licenses'), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'web-fonts-'));
  try {
    const entries: Record<string, Entry> = {};
    for (const family of WEB_FONTS) {
      entries[family] = vendor(family, work);
      process.stdout.write(`${family}: ${entries[family].faces.length} faces\n`);
    }
    writeFileSync(manifestFile, manifestSource(entries));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const total = readdirSync(outDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
  process.stdout.write(`${WEB_FONTS.length} families, ${(total / 1024 / 1024).toFixed(2)} MB in ${outDir}\n`);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('vendor-web-fonts.ts')) main();

import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { contentSecurityPolicy } from '../src-main/electron/content-security-policy';

// `npm run audit:electron`: Electronegativity over the Electron host's sources, through its
// JavaScript API (its command line always exits 0). Fails (exit 1) on any finding of
// medium or high severity that scripts/electron-audit-allowlist.json does not explain, on
// an allow-list entry that no longer matches a finding, and on a source file it could not
// parse. Runs offline: the check that downloads Electron's release list is excluded, and
// the translations it would fetch are refused before any request leaves (English ships
// with the package).

const root = path.resolve(import.meta.dirname, '..');
const ALLOW_LIST_FILE = path.join(root, 'scripts', 'electron-audit-allowlist.json');
/** The shipped Electron code: main, its utility-process entries, and the preload. Tests are not shipped. */
const SOURCES = ['src-main/electron', 'src-preload'];
/** Downloads Electron's releases to compare versions: a network check, so not part of an offline audit. */
const NETWORK_CHECKS = ['availablesecurityfixesglobalcheck'];
/** The embedded platform's origin as the CSP names it at run time (its port varies). */
const SAMPLE_PLATFORM_ORIGIN = 'http://127.0.0.1:4711';

interface Level {
  value: number;
  name: string;
}
interface Issue {
  id: string;
  file: string;
  location: { line: number; column: number };
  severity: Level;
  confidence: Level;
  description: string;
  manualReview?: boolean;
}
interface RunResult {
  globalChecks: number;
  atomicChecks: number;
  errors: Array<{ file: string; message: string; tolerable: boolean }>;
  issues: Issue[];
}
interface AllowEntry {
  id: string;
  file: string;
  reason: string;
}

const MEDIUM = 2;

function readAllowList(): AllowEntry[] {
  const entries = JSON.parse(fs.readFileSync(ALLOW_LIST_FILE, 'utf8')) as unknown;
  if (!Array.isArray(entries)) throw new Error(`${ALLOW_LIST_FILE} must be a JSON array`);
  return entries.map((entry, index) => {
    const { id, file, reason } = (entry ?? {}) as Partial<AllowEntry>;
    // An entry is a reviewed explanation, not a switch: it needs a real reason.
    if (typeof id !== 'string' || typeof file !== 'string' || typeof reason !== 'string' || reason.trim().length < 40) {
      throw new Error(`Allow-list entry ${index} needs "id", "file" and a "reason" of at least 40 characters`);
    }
    return { id, file, reason };
  });
}

/** Copies the shipped sources into a scratch folder, with the app:// CSP as Electronegativity can read it. */
function stage(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterdesk-electron-audit-'));
  for (const source of SOURCES) {
    for (const name of fs.readdirSync(path.join(root, source))) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      fs.mkdirSync(path.join(dir, source), { recursive: true });
      fs.copyFileSync(path.join(root, source, name), path.join(dir, source, name));
    }
  }
  fs.mkdirSync(path.join(dir, 'src-renderer'), { recursive: true });
  fs.copyFileSync(path.join(root, 'src-renderer', 'index.html'), path.join(dir, 'src-renderer', 'index.html'));
  // app-protocol.ts sends the policy as a response header from protocol.handle, which
  // Electronegativity cannot follow (it reads <meta> tags and onHeadersReceived literals).
  // The exact header value is written out here so its CSP checks judge the real policy.
  const csp = contentSecurityPolicy({ platformOrigin: SAMPLE_PLATFORM_ORIGIN }).replaceAll('"', '&quot;');
  fs.writeFileSync(
    path.join(dir, 'src-main', 'electron', 'app-protocol-response.html'),
    `<!doctype html>\n<!-- Written by scripts/audit-electron.ts: the Content-Security-Policy header of every app:// response. -->\n<meta http-equiv="Content-Security-Policy" content="${csp}">\n`,
  );
  return dir;
}

/** Loads Electronegativity with its translation download answered "offline" in-process. */
function loadElectronegativity(): (options: Record<string, unknown>) => Promise<RunResult> {
  const require = createRequire(import.meta.url);
  const i18nPath = require.resolve('@doyensec/electronegativity/dist/locales/i18n.js');
  const gotPath = createRequire(i18nPath).resolve('got');
  const offline = new Module(gotPath);
  offline.filename = gotPath;
  offline.loaded = true;
  offline.exports = () => Promise.reject(new Error('network access is disabled for this audit'));
  require.cache[gotPath] = offline;
  return require('@doyensec/electronegativity') as (options: Record<string, unknown>) => Promise<RunResult>;
}

async function main(): Promise<number> {
  const allowList = readAllowList();
  const staged = stage();
  const electronVersion = (JSON.parse(fs.readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
  // Its translations follow LANG; the English strings ship with the package.
  process.env.LANG = 'en-US';
  const run = loadElectronegativity();
  const quiet = console.log;
  let result: RunResult;
  try {
    console.log = () => undefined; // it prints a notice about the translations it could not fetch
    result = await run({
      input: staged,
      isRelative: true,
      customScan: [],
      excludeFromScan: NETWORK_CHECKS,
      electronVersionOverride: electronVersion,
    });
  } finally {
    console.log = quiet;
    fs.rmSync(staged, { recursive: true, force: true });
  }

  console.log(`Electronegativity: ${result.atomicChecks} atomic and ${result.globalChecks} global checks, Electron ${electronVersion}, sources: ${SOURCES.join(', ')}`);
  let failed = false;

  for (const error of result.errors) {
    console.log(`${error.tolerable ? 'warning' : 'ERROR'}: could not fully parse ${error.file}: ${error.message}`);
    if (!error.tolerable) failed = true;
  }

  const used = new Set<AllowEntry>();
  const serious = result.issues.filter((issue) => issue.severity.value >= MEDIUM);
  for (const issue of result.issues.filter((i) => i.severity.value < MEDIUM)) {
    console.log(`  note  ${issue.severity.name.padEnd(13)} ${issue.id} ${issue.file}:${issue.location.line} ${issue.description}`);
  }
  for (const issue of serious) {
    const entry = allowList.find((e) => e.id === issue.id && e.file === issue.file);
    const where = `${issue.id} ${issue.file}:${issue.location.line} (${issue.severity.name}, ${issue.confidence.name}${issue.manualReview ? ', review' : ''})`;
    if (entry) {
      used.add(entry);
      console.log(`  allowed  ${where}\n           ${entry.reason}`);
    } else {
      failed = true;
      console.log(`  FAIL     ${where}\n           ${issue.description}`);
    }
  }
  for (const entry of allowList.filter((e) => !used.has(e))) {
    failed = true;
    console.log(`  STALE    allow-list entry ${entry.id} ${entry.file} matches no finding: remove it`);
  }

  const unexplained = serious.filter((issue) => !allowList.some((e) => e.id === issue.id && e.file === issue.file)).length;
  console.log(failed ? `Electron audit failed: ${unexplained} unexplained medium/high finding(s).` : `Electron audit passed: ${serious.length} medium/high finding(s), each explained in the allow-list.`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('The Electron audit could not run:', error);
    process.exit(1);
  },
);

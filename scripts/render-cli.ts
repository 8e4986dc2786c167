import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { COMPANY_CHANNEL_SLUG, ChannelSchema, newDraftLetter } from '../shared/model';
import type { Channel, Letter } from '../shared/model';
import { withLetterDefaults } from '../shared/import/letter-json-import';
import { letterRenderInput, parseLetterInput, renderLetterInput } from '../shared/render';
import type { LetterRenderContext } from '../shared/render';

// `npm run --silent render -- letter.json` prints the letter's email HTML; `--mjml` prints
// the MJML instead, `--insights` the CONTENT CHECK as JSON. The file is a Letter as JSON,
// its `blocks` the spec's JSON string or a list of sections, optionally with a `channel`
// (the model's Channel) for the footer, logo and link colours. Bad input exits 1 and names
// each failing field. Fields rendering does not need may be left out: they are taken from a
// new letter's (withLetterDefaults), so a letter of only a title and blocks renders.

const USAGE = `Usage: npm run --silent render -- [--mjml | --insights] [--platform-url URL] [--year YYYY] [--company] <letter.json | ->`;

export interface CliIo {
  readText(path: string): Promise<string>;
  out(text: string): void;
  err(text: string): void;
  env: Record<string, string | undefined>;
  now: () => Date;
}

interface Options {
  file: string;
  output: 'html' | 'mjml' | 'insights';
  platformUrl: string | null;
  year: number | null;
  company: boolean;
}

function parseArgs(argv: readonly string[]): Options | string {
  const options: Options = { file: '', output: 'html', platformUrl: null, year: null, company: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--mjml' || arg === '--insights') {
      if (options.output !== 'html') return '--mjml and --insights cannot be used together';
      options.output = arg === '--mjml' ? 'mjml' : 'insights';
    } else if (arg === '--company') options.company = true;
    else if (arg === '--platform-url' || arg === '--year') {
      const value = argv[++i];
      if (value === undefined) return `${arg} needs a value`;
      if (arg === '--year') {
        if (!/^\d{4}$/.test(value)) return '--year must be a four-digit year';
        options.year = Number(value);
      } else options.platformUrl = value.replace(/\/+$/, '');
    } else if (arg.startsWith('--')) return `Unknown option ${arg}`;
    else if (options.file !== '') return 'Give one letter file';
    else options.file = arg;
  }
  return options.file === '' ? 'Give the letter file to render' : options;
}

function renderContext(raw: Record<string, unknown>, letter: Letter, options: Options, io: CliIo): LetterRenderContext {
  const channel = ChannelSchema.safeParse(raw.channel);
  const slug = channel.success ? channel.data.channelSlug : letter.channelSlug;
  return {
    channel: channel.success
      ? {
          title: channel.data.title,
          channelName: channel.data.channelName,
          channelSlug: channel.data.channelSlug,
          accentColor: channel.data.accentColor,
          logoUrl: channel.data.channelSquareLogo,
          contactAddress: null,
        }
      : { title: slug, channelName: slug, channelSlug: slug, accentColor: letter.settings.links.color, logoUrl: null, contactAddress: null },
    platformUrl: options.platformUrl ?? io.env.PLATFORM_URL?.replace(/\/+$/, '') ?? 'http://localhost',
    isCompanyLevel: options.company || slug === COMPANY_CHANNEL_SLUG,
    year: options.year ?? io.now().getUTCFullYear(),
    isEngagementSegment: false,
  };
}

/** The channel a new letter's defaults are taken from: the file's own, or a neutral one. */
function channelOf(raw: unknown): Channel {
  const given = ChannelSchema.safeParse((raw as Record<string, unknown> | null)?.channel);
  if (given.success) return given.data;
  return {
    id: 0, title: '', channelSlug: 'channel', brandId: 0, brandSlug: 'brand', accentColor: '#1c7ed6',
    defaultStyleBaseFontSize: 16, channelSquareLogo: null, channelName: '', timezone: { tzCode: 'UTC' }, esp: 0,
  };
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const options = parseArgs(argv);
  if (typeof options === 'string') {
    io.err(`${options}\n${USAGE}\n`);
    return 1;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await io.readText(options.file));
  } catch (error) {
    io.err(`${options.file}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  let sectionNumber = 0;
  const parsed = parseLetterInput(withLetterDefaults(raw, newDraftLetter({ uniqueId: 'letter', channel: channelOf(raw), author: null, now: io.now().toISOString() }), () => `section-${++sectionNumber}`));
  if (!parsed.ok) {
    io.err(`${options.file} is not a letter Letterdesk can render:\n${parsed.errors.map((e) => `  ${e}`).join('\n')}\n`);
    return 1;
  }
  const context = renderContext(raw as Record<string, unknown>, parsed.letter, options, io);
  const rendered = await renderLetterInput(letterRenderInput(parsed.letter, parsed.sections, context));
  if (rendered.errors.length > 0) {
    io.err(`MJML problems:\n${rendered.errors.map((e) => `  line ${e.line} <${e.tagName}>: ${e.message}`).join('\n')}\n`);
    return 1;
  }
  if (options.output === 'mjml') io.out(rendered.mjml);
  else if (options.output === 'insights') io.out(`${JSON.stringify(rendered.insights, null, 2)}\n`);
  else io.out(rendered.html);
  return 0;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2), {
    readText: (path) => (path === '-' ? readStdin() : readFile(path, 'utf8')),
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    now: () => new Date(),
  });
}

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { load } from 'cheerio';
import { afterAll, describe, expect, it } from 'vitest';
import type { Channel } from '../model';
import { newDraftLetter, newSection } from '../model';
import { main } from '../../scripts/render-cli';
import type { CliIo } from '../../scripts/render-cli';

// The render CLI (scripts/render-cli.ts), through its main function, and once as the real
// `npm run render` process.

const channel: Channel = {
  id: 1, title: 'Morning Brief', channelSlug: 'morning-brief', brandId: 1, brandSlug: 'acme', accentColor: '#1c7ed6',
  defaultStyleBaseFontSize: 16, channelSquareLogo: 'https://cdn.example/logo.png', channelName: 'Morning Brief', timezone: { tzCode: 'UTC' }, esp: 0,
};

function letterJson(blocks: unknown, extra: Record<string, unknown> = {}): string {
  const letter = newDraftLetter({ uniqueId: 'l-1', channel, author: null, now: '2025-01-01T00:00:00.000Z' });
  return JSON.stringify({ ...letter, title: 'CLI letter', blocks, ...extra });
}

const paragraph = { ...newSection('paragraph', 'p'), delta: { ops: [{ insert: 'Hello from the CLI.\n' }] } };

async function run(argv: string[], files: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    readText: async (path) => {
      const text = files[path];
      if (text === undefined) throw new Error('ENOENT: no such file');
      return text;
    },
    out: (t) => (stdout += t),
    err: (t) => (stderr += t),
    env: {},
    now: () => new Date('2025-06-01T00:00:00Z'),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

describe('render CLI', () => {
  it('prints the HTML, the MJML or the insights', async () => {
    const files = { 'l.json': letterJson([paragraph, newSection('logo', 'logo')], { channel }) };
    const html = await run(['l.json'], files);
    expect(html.code).toBe(0);
    const $ = load(html.stdout);
    expect($('title').text()).toBe('CLI letter');
    expect($('body').text()).toContain('Hello from the CLI.');
    expect($('img[src="https://cdn.example/logo.png"]').attr('alt')).toBe('logo for Morning Brief');

    const mjml = await run(['--mjml', 'l.json'], files);
    expect(mjml.stdout.startsWith('<mjml lang="en">')).toBe(true);
    const insights = await run(['--insights', 'l.json'], files);
    expect(JSON.parse(insights.stdout)).toMatchObject({ wordCount: expect.any(Number), weight: 'Good' });
  });

  it('exits 1 naming each failing field', async () => {
    const files = { 'bad.json': letterJson([paragraph, { ...paragraph, type: 'marquee' }], { esp: -1 }) };
    const result = await run(['bad.json'], files);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('esp: ');
    expect(result.stderr).toContain('blocks[1].type: unknown block type "marquee"');
  });

  it('renders a letter JSON that lacks the fields rendering does not need', async () => {
    const files = { 'short.json': JSON.stringify({ title: 'Only a title', blocks: [{ type: 'paragraph', delta: { ops: [{ insert: 'Short and sweet.\n' }] } }] }) };
    const result = await run(['short.json'], files);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const $ = load(result.stdout);
    expect($('title').text()).toBe('Only a title');
    expect($('body').text()).toContain('Short and sweet.');
  });

  it('exits 1 on unreadable input and bad options', async () => {
    expect((await run(['missing.json'], {})).code).toBe(1);
    expect((await run(['x.json'], { 'x.json': '{' })).stderr).toMatch(/^x\.json: /);
    expect((await run(['--mjml', '--insights', 'x.json'], {})).code).toBe(1);
    expect((await run([], {})).stderr).toContain('Usage:');
  });

  describe('as a process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'letterdesk-render-cli-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('prints the HTML on standard output', async () => {
      const file = join(dir, 'letter.json');
      writeFileSync(file, letterJson(JSON.stringify([paragraph])));
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'render', '--', file], { cwd: process.cwd() });
      expect(load(stdout)('body').text()).toContain('Hello from the CLI.');
    }, 60_000);
  });
});

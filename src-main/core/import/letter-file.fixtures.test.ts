import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'cheerio/slim';
import type { CheerioAPI } from 'cheerio/slim';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { newDraftLetter } from '../../../shared/model/new-letter';
import type { Channel } from '../../../shared/model/channel';
import { serializeSections } from '../../../shared/model/section';
import { compileMjml } from '../../../shared/render/compile';
import { renderLetter } from '../../../shared/render';
import { testContext } from '../../../shared/render/test-support';
import { letterFromFile } from './letter-file';

// Real exported emails (tests/fixtures/import, sources and licences in its LICENCES.md),
// each imported as Import does and rendered by the real renderer: every visible text of
// the original and every web and email link must be in the email the draft renders to.

const FIXTURES = join(__dirname, '../../../tests/fixtures/import');
const CHANNEL: Channel = {
  id: 1, title: 'Harbour', channelSlug: 'harbour', brandId: 1, brandSlug: 'harbour', accentColor: '#1c7ed6',
  defaultStyleBaseFontSize: 16, channelSquareLogo: null, channelName: 'Harbour', timezone: { tzCode: 'UTC' }, esp: 0,
};

const collapse = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim();

/** The original as a reader sees it: no head, comments, or hidden preheader. */
function visible(html: string): CheerioAPI {
  const $ = load(html);
  $('head, script, style, title, noscript').remove();
  $('*').each((_, element) => {
    const style = ($(element).attr('style') ?? '').toLowerCase().replace(/\s/g, '');
    if (/display:none|mso-hide:all|visibility:hidden/.test(style) || /\bpreheader\b/.test($(element).attr('class') ?? '')) $(element).remove();
  });
  return $;
}

function textRuns($: CheerioAPI): string[] {
  const runs: string[] = [];
  $('*').contents().each((_, node) => {
    if (node.type === 'text') {
      const text = collapse(node.data);
      if (text !== '') runs.push(text);
    }
  });
  return runs;
}

function webLinks($: CheerioAPI): string[] {
  return $('a[href]').map((_, a) => $(a).attr('href')!.trim()).get().filter((href) => /^(https?:|mailto:)/i.test(href));
}

async function originalHtml(file: string, bytes: Buffer): Promise<string> {
  if (file.endsWith('.eml')) return String((await simpleParser(bytes)).html);
  if (file.endsWith('.mjml')) return (await compileMjml(bytes.toString('utf8'))).html;
  return bytes.toString('utf8');
}

async function importAndRender(file: string) {
  const bytes = readFileSync(join(FIXTURES, file));
  let id = 0;
  const base = newDraftLetter({ uniqueId: 'imported', channel: CHANNEL, author: null, now: '2026-01-01T00:00:00.000Z' });
  const imported = await letterFromFile({ fileName: file, bytes, base, nextId: () => `s${id++}` });
  const letter = imported.letter ?? { ...base, title: imported.title, blocks: serializeSections(imported.sections) };
  const rendered = await renderLetter(letter, testContext());
  return { bytes, imported, rendered };
}

const emails = readdirSync(FIXTURES).filter((file) => /\.(html|eml|mjml)$/.test(file)).sort();

describe('importing real exported emails', () => {
  it('has at least ten of them, with an .eml and an .mjml among them', () => {
    expect(emails.length).toBeGreaterThanOrEqual(10);
    expect(emails.some((file) => file.endsWith('.eml'))).toBe(true);
    expect(emails.some((file) => file.endsWith('.mjml'))).toBe(true);
  });

  it.each(emails)('%s keeps every visible text and link', async (file) => {
    const { bytes, imported, rendered } = await importAndRender(file);
    expect(rendered.errors).toEqual([]);
    expect(imported.sections.length).toBeGreaterThan(3);
    const original = visible(await originalHtml(file, bytes));
    const result = load(rendered.html);
    const resultText = collapse(result('body').text());
    const missingText = textRuns(original).filter((run) => !resultText.includes(run));
    expect(missingText).toEqual([]);
    const resultLinks = new Set(webLinks(result));
    expect(webLinks(original).filter((href) => !resultLinks.has(href))).toEqual([]);
  });

  it('reads a letter JSON that lacks fields, filling them with a new letter’s', async () => {
    const { imported, rendered } = await importAndRender('letter-export.json');
    expect(imported.title).toBe('Harbour notes for June');
    expect(imported.letter?.settings).toEqual(newDraftLetter({ uniqueId: 'x', channel: CHANNEL, author: null, now: '' }).settings);
    expect(imported.sections.map((section) => section.type)).toEqual(['heading', 'paragraph', 'button', 'divider', 'paragraph']);
    const $ = load(rendered.html);
    expect(collapse($('body').text())).toContain('The ferry keeps its summer timetable from the first of June.');
    expect(webLinks($)).toEqual(expect.arrayContaining(['https://harbour.example/timetable', 'mailto:desk@harbour.example']));
  });
});

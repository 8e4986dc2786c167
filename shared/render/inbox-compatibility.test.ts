import { describe, expect, it } from 'vitest';
import { ESP_ITERABLE } from './blocks/footer';
import { compileEachSection } from './compile-each-section';
import { everyBlockSections, everyLayoutSections } from './every-block-letter';
import { renderLetterInput } from './index';
import { checkInboxCompatibility, describeUnsupported, featureUses } from './inbox-compatibility';
import type { ClientFamily, FamilyCompatibility } from './inbox-compatibility';
import { readerChannel, testInput } from './test-support';

// A letter with every block type (and every layout), checked against caniemail's data
// with the rule of docs/decisions.md "What readers see": nothing Gmail, Apple Mail or
// Yahoo lacks, at most OUTLOOK_WINDOWS_ALLOWED features Outlook for Windows lacks.

/** Outlook for Windows' square corners and fixed table layouts (see decisions.md). */
const OUTLOOK_WINDOWS_ALLOWED = 2;
const MUST_PASS: readonly ClientFamily[] = ['gmail', 'appleMail', 'yahoo'];

async function reportFor(esp: number): Promise<FamilyCompatibility[]> {
  const input = testInput([...everyBlockSections(), ...everyLayoutSections()], { preview: 'Tides, boats and the new pier', context: { esp, channel: readerChannel() } });
  const rendered = await renderLetterInput(input);
  expect(rendered.errors).toEqual([]);
  return checkInboxCompatibility(rendered.html, await compileEachSection(input));
}

const family = (report: FamilyCompatibility[], id: ClientFamily): FamilyCompatibility => report.find((entry) => entry.family === id)!;

describe('a letter with every block type in the inboxes', () => {
  for (const esp of [0, ESP_ITERABLE]) {
    it(`uses nothing Gmail, Apple Mail or Yahoo lack, and at most ${OUTLOOK_WINDOWS_ALLOWED} features Outlook for Windows lacks (esp ${esp})`, async () => {
      const report = await reportFor(esp);
      for (const id of MUST_PASS) expect(describeUnsupported(family(report, id))).toEqual([]);
      const outlook = family(report, 'outlookWindows');
      expect(outlook.unsupported.length, describeUnsupported(outlook).join('\n')).toBeLessThanOrEqual(OUTLOOK_WINDOWS_ALLOWED);
    }, 60_000);
  }
});

describe('checkInboxCompatibility', () => {
  const page = (body: string, style = ''): string => `<!doctype html><html><head><style>${style}</style></head><body>${body}</body></html>`;

  it('names each unsupported feature with the clients and the sections that use it', () => {
    const section = { uniqueId: 'yt', html: '<div style="background-image:url(\'https://i.example/x.jpg\')">x</div>' };
    const [outlook] = checkInboxCompatibility(page(section.html), [section, { uniqueId: 'p', html: '<p>plain</p>' }], ['outlookWindows']);
    expect(outlook!.unsupported).toEqual([
      { feature: 'background-image', clients: ['outlook.windows'], sectionIds: ['yt'], declarations: ["background-image:url('https://i.example/x.jpg')"] },
    ]);
    expect(describeUnsupported(outlook!)).toEqual([
      "Outlook for Windows: background-image [background-image:url('https://i.example/x.jpg')] in sections yt (outlook.windows)",
    ]);
  });

  it('reports features used only in <style> rules apart, without counting them', () => {
    const [gmail] = checkInboxCompatibility(page('<p class="a">x</p>', '.a { color:red } @media (max-width:480px) { .a { color:blue } }'), [], ['gmail']);
    expect(gmail!.unsupported).toEqual([]);
    expect(gmail!.styleOnly.map((entry) => entry.feature)).toEqual(expect.arrayContaining(['@media', 'Class selector']));
  });

  it('counts a covered feature only where its rule applies: float:none is covered, float:left is not', () => {
    const [none] = checkInboxCompatibility(page('<div style="float:none">x</div>'), [], ['outlookWindows']);
    expect(none!.unsupported).toEqual([]);
    expect(none!.covered.map((entry) => entry.feature)).toEqual(['float']);
    const [left] = checkInboxCompatibility(page('<div style="float:left">x</div>'), [], ['outlookWindows']);
    expect(left!.unsupported.map((entry) => entry.feature)).toEqual(['float']);
  });

  it('covers the preheader features only in the letter frame, not in a section', () => {
    const html = '<div style="opacity:0">x</div>';
    const [frame] = checkInboxCompatibility(page(html), [], ['yahoo']);
    expect(frame!.unsupported).toEqual([]);
    const [inSection] = checkInboxCompatibility(page(html), [{ uniqueId: 's', html }], ['yahoo']);
    expect(inSection!.unsupported.map((entry) => [entry.feature, entry.sectionIds])).toEqual([['opacity', ['s']]]);
  });

  it('finds the same uses when a declaration is met again as the first time it was looked up, in <style> rules and inline', () => {
    // Clients no other test asks for, so the first check here looks everything up.
    const clients = ['outlook.windows', 'yahoo.ios'];
    const html = page('<div style="border-radius:8px;background-image:url(a.png)">x</div><p style="border-radius:8px">y</p>', '.a { border-radius:8px }');
    const first = featureUses(html, clients);
    expect(first.filter((use) => use.feature === 'border-radius').map((use) => [use.client, use.inStyle])).toEqual([
      ['outlook.windows', true],
      ['outlook.windows', false],
      ['outlook.windows', false],
    ]);
    expect(featureUses(html, clients)).toEqual(first);
  });
});

import { describe, expect, it } from 'vitest';
import type { Section } from '../model';
import { newLayoutSection, newSection, textDelta } from '../model';
import { compileEachSection } from './compile-each-section';
import { everyBlockSections, everyLayoutSections } from './every-block-letter';
import { createIncrementalRenderer } from './incremental';
import { checkInboxCompatibility } from './inbox-compatibility';
import type { ClientFamily } from './inbox-compatibility';
import { createInboxChecker } from './inbox-checker';
import type { FamilyFindings } from './inbox-findings';
import { testInput } from './test-support';

// The schedule step's inbox compatibility, block by block, on letters rendered as the
// preview renders them (the incremental renderer's pieces) and checked with caniemail's data.

const paragraph = (id: string, text: string): Section => ({ ...newSection('paragraph', id), delta: textDelta(text) });
const heading = (id: string, text: string): Section => ({ ...newSection('heading', id), delta: textDelta(text) });

function youtube(id: string): Section {
  const section = newSection('youtube', id);
  Object.assign(section.blockModel, { link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', alt: 'Harbour tour', hasPlayIcon: true });
  return section;
}

function layout(id: string): Section {
  const section = newLayoutSection(id, 1);
  for (const child of section.blocks) {
    if (child.type === 'image') Object.assign(child.blockModel, { src: 'https://cdn.example/boats.jpg', alt: 'Boats' });
    if (child.type === 'paragraph') child.delta = textDelta('The boats came in early.');
  }
  return section;
}

function html(id: string, markup: string): Section {
  const section = newSection('html', id);
  Object.assign(section.blockModel, { html: markup, isValid: true, isRelaxed: false });
  return section;
}

async function check(sections: Section[], checker = createInboxChecker()): Promise<FamilyFindings[]> {
  const input = testInput(sections);
  const result = await createIncrementalRenderer().render(input);
  return checker.check({ frameHtml: result.frameHtml(), sections: result.sections, blocks: input.sections });
}

const family = (report: FamilyFindings[], id: ClientFamily): FamilyFindings => report.find((entry) => entry.family === id)!;

describe('inbox findings per block and per mail client family', () => {
  it('names the YouTube block, by its palette name and position, among what Outlook for Windows will not show as designed', async () => {
    const report = await check([paragraph('p', 'Hello'), youtube('yt'), layout('lay'), newSection('footer', 'f')]);
    const outlook = family(report, 'outlookWindows');
    expect(outlook.label).toBe('Outlook for Windows');
    expect(outlook.blocks).toEqual([
      { block: { uniqueId: 'yt', name: 'YouTube', position: 2 }, features: [{ feature: 'border-radius', effect: 'corners show square', clients: [] }] },
    ]);
    // The layout's columns and the text show as designed everywhere.
    for (const entry of report) expect(entry.blocks.map((found) => found.block?.uniqueId)).not.toContain('lay');
    expect(family(report, 'gmail').blocks).toEqual([]);
    expect(family(report, 'appleMail').blocks).toEqual([]);
  }, 60_000);

  it('finds nothing for Gmail or Apple Mail in a plain text letter', async () => {
    const report = await check([heading('h', 'Harbour news'), paragraph('p', 'The new pier opens on Saturday.'), newSection('footer', 'f')]);
    expect(family(report, 'gmail').blocks).toEqual([]);
    expect(family(report, 'appleMail').blocks).toEqual([]);
  }, 60_000);

  it('names only the clients of a family that lack a feature, when not all of them do', async () => {
    const report = await check([html('box', '<div style="position:relative">Pinned</div>')]);
    expect(family(report, 'outlookMobile').blocks).toEqual([
      { block: { uniqueId: 'box', name: 'HTML', position: 1 }, features: [{ feature: 'position', effect: 'the element is not placed where designed', clients: ['iOS'] }] },
    ]);
  }, 60_000);

  it('judges covered uses per block: square corners asked for are no finding, rounded ones are', async () => {
    const report = await check([html('square', '<div style="border-radius:0px">Square</div>'), html('round', '<div style="border-radius:8px">Round</div>')]);
    expect(family(report, 'outlookWindows').blocks.map((found) => [found.block?.uniqueId, found.features.map((f) => f.feature)])).toEqual([['round', ['border-radius']]]);
  }, 60_000);

  it('reads again only the sections whose HTML changed', async () => {
    let read = 0;
    const checker = createInboxChecker({ pause: async () => void read++ });
    const sections = [paragraph('a', 'One'), youtube('yt'), paragraph('b', 'Two')];
    const first = await check(sections, checker);
    expect(read).toBe(3);
    const second = await check([sections[0]!, sections[1]!, paragraph('b', 'Two, edited')], checker);
    expect(read).toBe(4);
    expect(second).toEqual(first);
  }, 60_000);

  it('names per block the same features the letter-wide check counts, for a letter with every block type', async () => {
    const sections = [...everyBlockSections(), ...everyLayoutSections()];
    const input = testInput(sections);
    const result = await createIncrementalRenderer().render(input);
    const perBlock = await createInboxChecker().check({ frameHtml: result.frameHtml(), sections: result.sections, blocks: input.sections });
    const letterWide = checkInboxCompatibility(result.html, await compileEachSection(input));
    for (const wide of letterWide) {
      const named = family(perBlock, wide.family).blocks;
      const features = [...new Set(named.flatMap((found) => found.features.map((f) => f.feature)))].sort();
      expect(features, wide.label).toEqual(wide.unsupported.map((entry) => entry.feature).sort());
      for (const entry of wide.unsupported) {
        const blocks = named.filter((found) => found.features.some((f) => f.feature === entry.feature)).map((found) => found.block!.uniqueId);
        expect(entry.sectionIds, `${wide.label}: ${entry.feature}`).toEqual(expect.arrayContaining(blocks));
      }
    }
  }, 120_000);
});

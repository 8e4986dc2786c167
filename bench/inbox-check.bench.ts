import { performance } from 'node:perf_hooks';
import type { Section } from '../shared/model';
import { defaultLetterSettings, newSection } from '../shared/model';
import { everyBlockSections } from '../shared/render/every-block-letter';
import { createIncrementalRenderer } from '../shared/render/incremental';
import { createInboxChecker } from '../shared/render/inbox-checker';
import type { LetterRenderInput } from '../shared/render/render-letter';
import { story, text } from './support/sample-text';

// The CONTENT CHECK's inbox compatibility (caniemail's check, per block) on a 300-section
// letter: stories (heading, text, button) with every block type every 40 sections. Measured
// as the core runs it: the preview renderer's pieces, then the check; first when the
// schedule step opens, then after one section changed (only that section is read again).
// Never fails on time: it only prints.

const ms = (n: number) => `${n.toFixed(0)} ms`;

function letter(count: number): Section[] {
  const sections: Section[] = [];
  for (let i = 0; sections.length < count; i++) {
    const button = newSection('button', `b-${i}`);
    button.blockModel = { ...button.blockModel, value: 'Read more', link: `https://example.com/${i}` };
    sections.push({ ...newSection('heading', `h-${i}`), delta: text(`Headline ${i}`) }, { ...newSection('paragraph', `p-${i}`), delta: story(i) }, button);
    if (i % 13 === 0) sections.push(...everyBlockSections(`e${i}-`).filter((section) => section.type !== 'footer'));
  }
  return sections.slice(0, count);
}

const context = {
  esp: 0, letterUniqueId: 'bench', platformUrl: 'https://letters.example', isCompanyLevel: false, year: 2025, isEngagementSegment: false,
  channel: { title: 'Morning Brief', channelName: 'Morning Brief', channelSlug: 'morning-brief', accentColor: '#1c7ed6', logoUrl: 'https://cdn.example/logo.png', contactAddress: null },
};
const input = (sections: Section[]): LetterRenderInput => ({ settings: defaultLetterSettings(), sections, context, title: 'Benchmark letter', preview: 'What is inside' });

export default async function inboxCheckBench(): Promise<void> {
  const renderer = createIncrementalRenderer();
  const checker = createInboxChecker();
  let sections = letter(300);
  const check = async () => {
    const start = performance.now();
    const result = await renderer.render(input(sections));
    const families = await checker.check({ frameHtml: result.frameHtml(), sections: result.sections, blocks: sections });
    return { time: performance.now() - start, findings: families.reduce((n, family) => n + family.blocks.length, 0) };
  };
  await renderer.render(input(sections));
  const first = await check();
  const again = await check();
  const edits: number[] = [];
  for (let i = 0; i < 10; i++) {
    const at = (i * 31) % sections.length;
    sections = sections.map((section, j) => (j === at && section.type === 'paragraph' ? { ...section, delta: text(`Edited ${i}`) } : j === at ? { ...section, paddingTop: 10 + i } : section));
    edits.push((await check()).time);
  }
  edits.sort((a, b) => a - b);
  console.log(
    `300 sections (${first.findings} block findings over all families): first check ${ms(first.time)}; unchanged ${ms(again.time)}; ` +
      `after editing one section: median ${ms(edits[5]!)}, worst ${ms(edits[9]!)} (render included)`,
  );
}

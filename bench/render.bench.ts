import { performance } from 'node:perf_hooks';
import mjml2html from 'mjml';
import type { EventItem, LetterSettings, Section } from '../shared/model';
import { BLOCK_TYPES, defaultLetterSettings, newLayoutSection, newSection } from '../shared/model';
import { MJML_OPTIONS, compileMjml } from '../shared/render/compile';
import { createIncrementalRenderer } from '../shared/render/incremental';
import { letterInsights, utf8ByteLength } from '../shared/render/insights';
import { minifyEmailHtml } from '../shared/render/minify-email';
import { renderLetterMjml } from '../shared/render/render-letter';
import type { LetterRenderInput } from '../shared/render/render-letter';
import { story, text } from './support/sample-text';

// Email rendering (issue 3) on letters built here: 30 sections using every block type,
// and 100 and 300 sections of image + heading + text + button stories (issue 23: the
// 300-section letter is the large one). Measured:
// - a full render (sections to MJML, MJML to HTML) against compiling the identical MJML
//   with mjml directly, alternating the two in one run; the ratio is the figure to watch
//   (target ≤ 1.2×); and the email as mailed, minified, against MJML's output (issue 36:
//   at least 25 % smaller on the 300-section letter);
// - editing one section and rendering again with the incremental renderer (target ≤ 10 ms
//   on the 100- and 300-section letters);
// - the process's peak memory.
// Never fails on time: it only prints.

function event(i: number): EventItem {
  return {
    slug: `event-${i}`, src: `https://cdn.example/events/${i}.jpg`, heading: `Concert ${i}`, date: 'Jun 1, 2025',
    description: 'An evening of music.', price: '1500', venue: 'City Hall', link: `https://tickets.example/${i}`,
    buttonText: 'Get tickets', buttonDelta: text('Get tickets'), headingDelta: text(`Concert ${i}`),
    dateDelta: text('Jun 1, 2025'), descriptionDelta: text('An evening of music.'), priceAndVenueDelta: text('$15 · City Hall'),
  };
}

/** A section of each type with the content an editor would have given it. */
function filled(type: (typeof BLOCK_TYPES)[number], id: string): Section {
  const section = newSection(type, id) as Section;
  switch (section.type) {
    case 'heading': case 'paragraph': case 'blockquote': case 'news': case 'rss': case 'dynamic': case 'url':
      return { ...section, delta: story(1) };
    case 'image': case 'logo': case 'youtube':
      section.blockModel = { ...section.blockModel, src: 'https://cdn.example/picture.jpg', alt: 'A picture', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
      return section;
    case 'button':
      section.blockModel = { ...section.blockModel, value: 'Read more', link: 'https://example.com' };
      return section;
    case 'html':
      section.blockModel = { html: '<table><tr><td style="padding:8px">Custom <b>HTML</b></td></tr></table>', isValid: true, isRelaxed: false };
      return section;
    case 'poll':
      section.blockModel = { ...section.blockModel, id: 7, title: 'Poll', questionText: 'Which day suits you?', pollType: 1, options: [1, 2, 3].map((n) => ({ id: n, title: `Option ${n}` })) };
      return section;
    case 'evvnt':
      section.blockModel = { ...section.blockModel, events: [1, 2, 3].map(event), layout: 1 };
      return section;
    case 'profile':
      section.blockModel = { ...section.blockModel, models: [{ id: 1, name: 'instagram', url: 'https://instagram.com/brief', image: '', text: 'Instagram' }] };
      return section;
    case 'promotion': case 'newpromotion':
      section.blockModel = { ...section.blockModel, title: 'Sponsored', name: 'Acme' };
      return section;
    case 'curation': case 'newrss': case 'wordpress':
      section.blockModel = { ...section.blockModel, title: 'An article', excerpt: 'What it says.', image: 'https://cdn.example/a.jpg', link: 'https://example.com/a', siteName: 'Example', author: 'By Ann', publicationDate: 'Jun 01, 2025' };
      return section;
    case 'revContent':
      section.blockModel = { widgetId: 'w123', placementId: 'p-1' };
      return section;
    default:
      return section;
  }
}

function everyTypeLetter(): Section[] {
  const layouts = [1, 2, 3, 5].map((n) => {
    const layout = newLayoutSection(`layout-${n}`, n as 1);
    return { ...layout, blocks: layout.blocks.map((child) => filled(child.type, child.uniqueId)) };
  });
  return [...BLOCK_TYPES.map((type) => filled(type, `s-${type}`)), ...layouts];
}

function storiesLetter(count: number): Section[] {
  const sections: Section[] = [];
  for (let i = 0; sections.length < count; i++) {
    sections.push(
      filled('image', `img-${i}`),
      { ...newSection('heading', `h-${i}`), delta: text(`Headline number ${i}`) },
      { ...newSection('paragraph', `p-${i}`), delta: story(i) },
      { ...filled('button', `b-${i}`) },
    );
  }
  return sections.slice(0, count);
}

const context = {
  esp: 0, letterUniqueId: 'bench', platformUrl: 'https://letters.example', isCompanyLevel: false, year: 2025, isEngagementSegment: false,
  channel: { title: 'Morning Brief', channelName: 'Morning Brief', channelSlug: 'morning-brief', accentColor: '#1c7ed6', logoUrl: 'https://cdn.example/logo.png', contactAddress: null },
};

const input = (sections: Section[], settings: LetterSettings = defaultLetterSettings()): LetterRenderInput => ({
  settings, sections, context, title: 'Benchmark letter', preview: 'What is inside',
});

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
const ms = (n: number) => `${n.toFixed(2)} ms`;
const kb = (html: string) => `${(utf8ByteLength(html) / 1024).toFixed(1)} KB`;

async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function fullRender(label: string, sections: Section[], runs: number): Promise<void> {
  const letter = input(sections);
  const mjml = renderLetterMjml(letter);
  const check = await compileMjml(mjml);
  if (check.errors.length > 0) throw new Error(`${label}: MJML errors ${JSON.stringify(check.errors)}`);
  for (let i = 0; i < 3; i++) {
    await compileMjml(renderLetterMjml(letter));
    await mjml2html(mjml, MJML_OPTIONS);
  }
  const ours: number[] = [];
  const direct: number[] = [];
  const insights: number[] = [];
  const generate: number[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternating, in turn first and second, keeps both sides under the same conditions.
    const renderOurs = async () => ours.push(await time(() => compileMjml(renderLetterMjml(letter))));
    const compileDirect = async () => direct.push(await time(() => mjml2html(mjml, MJML_OPTIONS)));
    if (i % 2 === 0) await renderOurs().then(compileDirect);
    else await compileDirect().then(renderOurs);
    insights.push(await time(async () => letterInsights(check.html)));
    generate.push(await time(async () => renderLetterMjml(letter)));
  }
  console.log(
    `${label}: full render ${ms(median(ours))} (mjml alone ${ms(median(direct))}, ratio ${(median(ours) / median(direct)).toFixed(2)}x), ` +
      `of which MJML ${ms(median(generate))}; insights ${ms(median(insights))}; HTML ${kb(check.html)}`,
  );
  // The email as mailed (shared/render/minify-email.ts) against MJML's output of the same run.
  const minifying: number[] = [];
  let mailed = '';
  for (let i = 0; i < 5; i++) minifying.push(await time(async () => (mailed = await minifyEmailHtml(check.html))));
  console.log(
    `${label}: as mailed (minified) ${kb(mailed)}, ${(100 * (1 - utf8ByteLength(mailed) / utf8ByteLength(check.html))).toFixed(1)} % smaller than MJML's output ` +
      `(target ≥ 25 % on the 300-section letter), minified in ${ms(median(minifying))}`,
  );
}

async function editOneSection(label: string, sections: Section[], edits: number): Promise<void> {
  const renderer = createIncrementalRenderer();
  const first = performance.now();
  await renderer.render(input(sections));
  const firstTime = performance.now() - first;
  let current = sections;
  const times: number[] = [];
  for (let i = 0; i < edits; i++) {
    const at = (i * 7) % current.length;
    current = current.map((section, j) => (j === at ? { ...section, backgroundColor: i % 2 === 0 ? '#fafafa' : '#ffffff', paddingTop: 10 + (i % 5) } : section));
    const letter = input(current);
    times.push(await time(() => renderer.render(letter)));
  }
  const last = await renderer.render(input(current));
  const scratch = await compileMjml(renderLetterMjml(input(current)));
  const same = last.html === scratch.html ? 'equal to a from-scratch render' : 'DIFFERENT from a from-scratch render';
  console.log(`${label}: first incremental render ${ms(firstTime)}; edit one section and render: median ${ms(median(times))}, p95 ${ms(p95(times))} (${edits} edits; HTML ${same})`);
}

export default async function renderBench(): Promise<void> {
  const everyType = everyTypeLetter();
  const stories = storiesLetter(100);
  const large = storiesLetter(300);
  console.log(`letters: ${everyType.length} sections of every block type; ${stories.length} and ${large.length} sections of stories`);
  await fullRender('every type, 30 sections', everyType, 40);
  await fullRender('stories, 100 sections', stories, 30);
  await fullRender('stories, 300 sections (target ≤ 1.2x)', large, 20);
  await editOneSection('every type, 30 sections', everyType, 60);
  await editOneSection('stories, 100 sections', stories, 60);
  await editOneSection('stories, 300 sections (target median ≤ 10 ms)', large, 60);
  const { maxRSS } = process.resourceUsage();
  console.log(`peak memory (max RSS of the benchmark process): ${(maxRSS / 1024).toFixed(0)} MB`);
}

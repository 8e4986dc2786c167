import { describe, expect, it } from 'vitest';
import type { Section } from '../model';
import { defaultLetterSettings, newSection, newSectionOfEveryType } from '../model';
import { compileMjml } from './compile';
import { createIncrementalRenderer } from './incremental';
import { renderLetterMjml } from './render-letter';
import type { LetterRenderInput } from './render-letter';
import { testInput } from './test-support';

function story(i: number): Section[] {
  const image = newSection('image', `img-${i}`);
  image.blockModel = { ...image.blockModel, src: `https://cdn.example/${i}.png`, alt: `Picture ${i}` };
  const heading = { ...newSection('heading', `h-${i}`), delta: { ops: [{ insert: `Story ${i}\n` }] } };
  const text = { ...newSection('paragraph', `p-${i}`), delta: { ops: [{ insert: `Body of story ${i}, with a ` }, { insert: 'link', attributes: { link: `https://example.com/${i}` } }, { insert: '.\n' }] } };
  const button = newSection('button', `b-${i}`);
  button.blockModel = { ...button.blockModel, value: `Read story ${i}`, link: `https://example.com/${i}` };
  return [image, heading, text, button];
}

/** What the incremental HTML is compared with: the same MJML compiled whole by mjml. */
async function fromScratch(input: LetterRenderInput) {
  const mjml = renderLetterMjml(input);
  return { mjml, html: (await compileMjml(mjml)).html };
}

describe('incremental rendering', () => {
  it('gives exactly the HTML of a from-scratch render (no normalisation)', async () => {
    const input = testInput([...newSectionOfEveryType('s-'), ...story(1), ...story(2)]);
    const result = await createIncrementalRenderer().render(input);
    const scratch = await fromScratch(input);
    expect(result.mjml).toBe(scratch.mjml);
    expect(result.html).toBe(scratch.html);
    expect(result.errors).toEqual([]);
  });

  it('renders and compiles only the section that changed', async () => {
    const renderer = createIncrementalRenderer();
    const sections = [1, 2, 3, 4, 5].flatMap(story);
    const first = await renderer.render(testInput(sections));
    expect(first.stats).toEqual({ sections: 20, rendered: 20, compiled: 20 });

    const edited = [...sections];
    edited[6] = { ...edited[6]!, delta: { ops: [{ insert: 'A new body.\n' }] } };
    const second = await renderer.render(testInput(edited));
    expect(second.stats).toEqual({ sections: 20, rendered: 1, compiled: 1 });
    expect(second.html).toBe((await fromScratch(testInput(edited))).html);
    expect(second.html).toContain('A new body.');

    // Undo finds the previous pieces again.
    const undone = await renderer.render(testInput(sections));
    expect(undone.stats.compiled).toBe(0);
    expect(undone.html).toBe(first.html);
  });

  it('follows reordering, insertion and removal without compiling the moved sections', async () => {
    const renderer = createIncrementalRenderer();
    const sections = [1, 2, 3].flatMap(story);
    await renderer.render(testInput(sections));
    const reordered = [...sections.slice(4), ...sections.slice(0, 4)].filter((_, i) => i !== 2);
    const result = await renderer.render(testInput(reordered));
    expect(result.stats.compiled).toBe(0);
    expect(result.html).toBe((await fromScratch(testInput(reordered))).html);
  });

  it('renders everything again when the letter settings change', async () => {
    const renderer = createIncrementalRenderer();
    const sections = story(1);
    await renderer.render(testInput(sections));
    const settings = defaultLetterSettings();
    settings.maxWidthMobile = 480;
    settings.text.p.color = '#111111';
    const result = await renderer.render(testInput(sections, { settings }));
    expect(result.stats).toEqual({ sections: 4, rendered: 4, compiled: 4 });
    expect(result.html).toBe((await fromScratch(testInput(sections, { settings }))).html);
  });

  it('compiles no section again when only the subject or preview text changes', async () => {
    const renderer = createIncrementalRenderer();
    const sections = story(1);
    await renderer.render(testInput(sections, { title: 'First', preview: 'one' }));
    const retitled = testInput(sections, { title: 'Second', preview: 'two' });
    const result = await renderer.render(retitled);
    expect(result.stats).toEqual({ sections: 4, rendered: 0, compiled: 0 });
    expect(result.html).toBe((await fromScratch(retitled)).html);
  });

  it('runs concurrent renders one after another', async () => {
    const renderer = createIncrementalRenderer();
    const a = testInput(story(1));
    const b = testInput(story(2));
    const [ra, rb] = await Promise.all([renderer.render(a), renderer.render(b)]);
    expect(ra.html).toBe((await fromScratch(a)).html);
    expect(rb.html).toBe((await fromScratch(b)).html);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES, LetterSettingsSchema, SectionListSchema } from '../model';
import { compileMjml } from './compile';
import { createIncrementalRenderer } from './incremental';
import { renderLetterMjml } from './render-letter';
import type { LetterRenderInput } from './render-letter';
import { anyContext, anySection, anySectionOf, anySettings, anyString } from './test-arbitraries';

// Property tests: whatever the model accepts renders with zero MJML errors, and the
// incremental renderer always gives what a from-scratch render gives.

const SLOW = 240_000;

const anyLetter: fc.Arbitrary<LetterRenderInput> = fc.record({
  settings: anySettings,
  sections: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }).chain((ids) =>
    fc.tuple(...ids.map((_, i) => anySection(`s${i}`))),
  ),
  context: anyContext,
  title: anyString,
  preview: anyString,
});

async function expectCleanRender(input: LetterRenderInput): Promise<void> {
  expect(SectionListSchema.safeParse(input.sections).success).toBe(true);
  expect(LetterSettingsSchema.safeParse(input.settings).success).toBe(true);
  const { errors, html } = await compileMjml(renderLetterMjml(input));
  expect(errors).toEqual([]);
  expect(html).toContain('<body');
}

describe('any letter the model accepts', () => {
  it.each(BLOCK_TYPES)('renders %s sections with zero MJML errors', async (type) => {
    await fc.assert(
      fc.asyncProperty(anySectionOf(type, 'x'), anySettings, anyContext, async (section, settings, context) => {
        await expectCleanRender({ settings, sections: [section], context, title: 'T' });
      }),
      { numRuns: 50 },
    );
  }, SLOW);

  it('renders whole letters with zero MJML errors', async () => {
    await fc.assert(fc.asyncProperty(anyLetter, expectCleanRender), { numRuns: 200 });
  }, SLOW);
});

describe('the incremental renderer', () => {
  it('gives the HTML of a from-scratch render after any sequence of edits', async () => {
    const anyEdit = fc.record({ at: fc.nat(), kind: fc.constantFrom('replace', 'remove', 'insert', 'move', 'settings', 'title'), section: anySection('edit'), settings: anySettings, title: anyString });
    await fc.assert(
      fc.asyncProperty(anyLetter, fc.array(anyEdit, { minLength: 1, maxLength: 4 }), async (letter, edits) => {
        const renderer = createIncrementalRenderer();
        let input = letter;
        await renderer.render(input);
        for (const edit of edits) {
          const sections = [...input.sections];
          const at = edit.at % Math.max(1, sections.length);
          if (edit.kind === 'replace') sections[at] = edit.section;
          if (edit.kind === 'remove') sections.splice(at, 1);
          if (edit.kind === 'insert') sections.splice(at, 0, edit.section);
          if (edit.kind === 'move' && sections.length > 1) sections.push(...sections.splice(at, 1));
          input = {
            ...input,
            sections,
            settings: edit.kind === 'settings' ? edit.settings : input.settings,
            title: edit.kind === 'title' ? edit.title : input.title,
            preview: edit.kind === 'title' ? edit.title : input.preview,
          };
          const incremental = await renderer.render(input);
          const mjml = renderLetterMjml(input);
          expect(incremental.mjml).toBe(mjml);
          expect(incremental.html).toBe((await compileMjml(mjml)).html);
        }
      }),
      { numRuns: 50 },
    );
  }, SLOW);
});

import { describe, expect, it } from 'vitest';
import { renderLetterInput, letterRenderInput } from '../render';
import { testContext } from '../render/test-support';
import { defaultLetterSettings } from './letter-settings';
import { newSection } from './section-factory';
import type { Section } from './section';
import { withFooterLast } from './section-order';

// The footer stays last: in the list, and in what is rendered from a list that has it elsewhere.

const paragraph = (id: string, text: string): Section => ({ ...newSection('paragraph', id), delta: { ops: [{ insert: `${text}\n` }] } });

describe('withFooterLast', () => {
  it('moves a footer that arrived mid-letter to the end, keeping the others in order', () => {
    const sections = [paragraph('a', 'A'), newSection('footer', 'f'), paragraph('b', 'B')];
    expect(withFooterLast(sections).map((section) => section.uniqueId)).toEqual(['a', 'b', 'f']);
  });

  it('answers the same list when the footer is already last, or there is none', () => {
    const inOrder = [paragraph('a', 'A'), newSection('footer', 'f')];
    expect(withFooterLast(inOrder)).toBe(inOrder);
    const none = [paragraph('a', 'A')];
    expect(withFooterLast(none)).toBe(none);
  });

  it('renders a section inserted after the footer above it', async () => {
    const letter = { settings: defaultLetterSettings(), esp: 0, uniqueId: 'l', title: 'T', subtitle: '' };
    const sections = [paragraph('a', 'First words'), newSection('footer', 'f'), paragraph('b', 'Inserted article')];
    const { html } = await renderLetterInput(letterRenderInput(letter, sections, testContext()));
    expect(html.indexOf('Inserted article')).toBeGreaterThan(html.indexOf('First words'));
    expect(html.indexOf('Inserted article')).toBeLessThan(html.indexOf('Unsubscribe'));
  });
});

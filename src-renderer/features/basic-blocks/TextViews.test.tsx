// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyDelta, newSection, type Section, type SectionOf } from '../../../shared/model';
import { EMPTY_TEXT_BLOCK_MESSAGE } from '../../../shared/rules/text-settings';
import { renderWith, testLetter } from '../../testing/composer-test-support';
import { HeadingView, ParagraphView } from './TextViews';

// A text block's text is required: left blank, the canvas shows the block's error state.

afterEach(cleanup);

function paragraph(text: string | null): SectionOf<'paragraph'> {
  const section = newSection('paragraph', 'p1');
  return { ...section, delta: text === null ? emptyDelta() : { ops: [{ insert: `${text}\n` }] } };
}

function view(section: SectionOf<'paragraph' | 'heading'>, readOnly = false) {
  const props = { letter: testLetter(), readOnly, onTextChange: () => {}, renderChild: (child: Section) => child.uniqueId };
  const ui = (s: typeof section) => (
    <>
      {s.type === 'heading' ? <HeadingView section={s} {...props} /> : <ParagraphView section={s} {...props} />}
      <button type="button">Elsewhere</button>
    </>
  );
  const result = renderWith(ui(section));
  return { ...result, show: (next: typeof section) => result.rerender(ui(next)) };
}

/** Into the block's editor (once it has started) and out again, as an editor passing through. */
async function visitAndLeave(name: string) {
  const box = await screen.findByRole('textbox', { name }, { timeout: 2000 });
  await waitFor(() => expect(box.getAttribute('contenteditable')).toBe('true'));
  await userEvent.click(box);
  expect(screen.queryByRole('alert')).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
}

describe('a text block left blank', () => {
  it('shows no error on a block just added, and its error state once the editor leaves it blank', async () => {
    const { container } = view(paragraph(null));
    expect(screen.queryByRole('alert')).toBeNull();
    await visitAndLeave('Paragraph text');
    expect(screen.getByRole('alert').textContent).toBe(EMPTY_TEXT_BLOCK_MESSAGE);
    expect(container.querySelector('[data-error]')).not.toBeNull();
  });

  it('counts the old placeholder sentence as blank, and a heading as required text too', async () => {
    const heading = newSection('heading', 'h1');
    view({ ...heading, delta: { ops: [{ insert: 'Start writing something great...\n' }] } });
    await visitAndLeave('Heading text');
    expect(screen.getByRole('alert').textContent).toBe(EMPTY_TEXT_BLOCK_MESSAGE);
  });

  it('loses the error state as soon as the block has text', async () => {
    const { show, container } = view(paragraph(null));
    await visitAndLeave('Paragraph text');
    expect(screen.getByRole('alert')).toBeTruthy();
    show(paragraph('Harbour news'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('[data-error]')).toBeNull();
  });

  it('shows none for a block with text, nor on a read-only letter', async () => {
    view(paragraph('Harbour news'));
    await visitAndLeave('Paragraph text');
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    view(paragraph(null), true);
    await userEvent.click(await screen.findByRole('textbox', { name: 'Paragraph text' }, { timeout: 2000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

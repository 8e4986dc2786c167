// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LexicalEditor } from 'lexical';
import { $getRoot } from 'lexical';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Delta } from '../../../shared/model/delta';
import { deltaPlainText, flushPendingTextEdits, RichTextEditor } from './index';
import { LINK_ERROR } from './LinkButton';

// happy-dom's InputEvent lacks getTargetRanges, so Lexical would take its legacy input path,
// which happy-dom cannot drive; with it, Lexical listens to beforeinput like in browsers.
vi.hoisted(() => {
  const proto = (globalThis as { InputEvent?: { prototype: object } }).InputEvent?.prototype;
  if (proto && !('getTargetRanges' in proto)) Object.assign(proto, { getTargetRanges: () => [] });
});

afterEach(cleanup);

const hello: Delta = { ops: [{ insert: 'Hello', attributes: { bold: true } }, { insert: '\n' }] };

function mount(props: Partial<Parameters<typeof RichTextEditor>[0]> = {}) {
  const onChange = vi.fn<(delta: Delta) => void>();
  const all = { delta: hello, onChange, ariaLabel: 'Paragraph text', ...props };
  const view = render(
    <MantineProvider env="test">
      <RichTextEditor {...all} />
    </MantineProvider>,
  );
  const rerender = (next: Partial<typeof all>) =>
    view.rerender(
      <MantineProvider env="test">
        <RichTextEditor {...all} {...next} />
      </MantineProvider>,
    );
  return { onChange, rerender };
}

async function editable(name = 'Paragraph text') {
  const box = await screen.findByRole('textbox', { name }, { timeout: 2000 });
  await waitFor(() => expect(box.getAttribute('contenteditable')).toBe('true'));
  return box;
}

/** The Lexical editor behind a content-editable element (Lexical keeps it on the element). */
function editorOf(element: HTMLElement): LexicalEditor {
  return (element as unknown as { __lexicalEditor: LexicalEditor }).__lexicalEditor;
}

async function selectAllText(box: HTMLElement) {
  await act(async () => {
    editorOf(box).update(() => {
      const texts = $getRoot().getAllTextNodes();
      const first = texts[0]!;
      const last = texts[texts.length - 1]!;
      first.select(0, 0).focus.set(last.getKey(), last.getTextContentSize(), 'text');
    });
  });
}

const lastDelta = (onChange: ReturnType<typeof vi.fn>) => onChange.mock.calls.at(-1)?.[0] as Delta | undefined;

describe('RichTextEditor', () => {
  it('shows the text at once and starts the editor after the delay', async () => {
    mount();
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    const box = await editable();
    expect(box.textContent).toBe('Hello');
    expect(box.querySelector('strong')?.textContent).toBe('Hello');
    for (const name of ['Bold', 'Italic', 'Link', 'Text colour', 'Numbered list', 'Bulleted list', 'Align left', 'Align center', 'Align right', 'Clear formatting']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
  });

  it('shows heading blocks at their heading size', async () => {
    mount({ headingLevel: 2, ariaLabel: 'Heading text' });
    const box = await editable('Heading text');
    const root = box.closest<HTMLElement>('[style*="font-size"]');
    expect(root?.style.fontSize).toBe('1.75em');
    expect(root?.style.fontWeight).toBe('bold');
  });

  it('shows the placeholder for empty content', async () => {
    mount({ delta: { ops: [] } });
    expect(screen.getByText('Start writing something great...')).toBeTruthy();
    await editable();
    expect(screen.getByText('Start writing something great...')).toBeTruthy();
  });

  it('shows the placeholder sentence an older letter holds as text as the placeholder, not as text', async () => {
    mount({ delta: { ops: [{ insert: 'Start writing something great...\n' }] } });
    const box = await editable();
    expect(box.textContent).toBe('');
    expect(screen.getByText('Start writing something great...')).toBeTruthy();
  });

  it('hands over text still waiting for the next frame at once when a save asks for it', async () => {
    const { onChange } = mount();
    const box = await editable();
    // The frame is held until the test lets it come: on a busy machine happy-dom's own could
    // come before the first check.
    const frames: FrameRequestCallback[] = [];
    const held = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      // Lexical applies the update on a microtask; the emission then waits for the frame.
      await act(async () => {
        editorOf(box).update(() => {
          $getRoot().selectEnd().insertText('!');
        });
        await Promise.resolve();
      });
      expect(frames).toHaveLength(1);
      expect(onChange).not.toHaveBeenCalled();
      flushPendingTextEdits();
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(deltaPlainText(lastDelta(onChange)!)).toBe('Hello!');
      // Nothing is emitted twice when the frame comes.
      for (const frame of frames) frame(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(onChange).toHaveBeenCalledTimes(1);
    } finally {
      held.mockRestore();
    }
  });

  it('emits the new delta when text is typed, and nothing before', async () => {
    const { onChange } = mount();
    const box = await editable();
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => {
      editorOf(box).update(() => {
        $getRoot().selectEnd().insertText(' world');
      });
    });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(deltaPlainText(lastDelta(onChange)!)).toBe('Hello world');
  });

  it('takes keyboard input through user-event', async () => {
    const { onChange } = mount({ delta: { ops: [] } });
    const box = await editable();
    const user = userEvent.setup();
    await user.click(box);
    await user.keyboard('Hi there');
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'Hi there\n' }] });
  });

  it('applies bold from the toolbar to the selection', async () => {
    const { onChange } = mount({ delta: { ops: [{ insert: 'plain\n' }] } });
    const box = await editable();
    await selectAllText(box);
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'plain', attributes: { bold: true } }, { insert: '\n' }] }));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('links the selection to a web address and refuses a javascript: one', async () => {
    const { onChange } = mount({ delta: { ops: [{ insert: 'site\n' }] } });
    const box = await editable();
    await selectAllText(box);
    const user = userEvent.setup();
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const input = await screen.findByLabelText('Link address');
    await user.clear(input);
    await user.type(input, 'javascript:alert(1)');
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(LINK_ERROR)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'https://example.com');
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'site', attributes: { link: 'https://example.com' } }, { insert: '\n' }] }));
    expect(box.querySelector('a')?.getAttribute('href')).toBe('https://example.com');
  });

  it('colours the selection from the palette', async () => {
    const { onChange } = mount({ delta: { ops: [{ insert: 'red\n' }] } });
    const box = await editable();
    await selectAllText(box);
    fireEvent.click(screen.getByRole('button', { name: 'Text colour' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Colour #e03131' }));
    await waitFor(() => expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'red', attributes: { color: '#e03131' } }, { insert: '\n' }] }));
  });

  it('clears formatting from the selection', async () => {
    const { onChange } = mount({
      delta: { ops: [{ insert: 'x', attributes: { bold: true, color: '#ff0000', link: 'https://a.test' } }, { insert: '\n', attributes: { align: 'right' } }] },
    });
    const box = await editable();
    await selectAllText(box);
    fireEvent.click(screen.getByRole('button', { name: 'Clear formatting' }));
    await waitFor(() => expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'x\n' }] }));
  });

  it('makes a numbered list and centres a line from the toolbar', async () => {
    const { onChange } = mount({ delta: { ops: [{ insert: 'item\n' }] } });
    const box = await editable();
    await act(async () => {
      editorOf(box).update(() => {
        $getRoot().selectEnd();
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'item' }, { insert: '\n', attributes: { list: 'ordered' } }] }));
    fireEvent.click(screen.getByRole('button', { name: 'Align center' }));
    await waitFor(() =>
      expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'item' }, { insert: '\n', attributes: { list: 'ordered', align: 'center' } }] }),
    );
  });

  it('sanitises what is pasted', async () => {
    const { onChange } = mount({ delta: { ops: [] } });
    const box = await editable();
    await act(async () => {
      editorOf(box).update(() => {
        $getRoot().selectEnd();
      });
    });
    const html = '<p>safe <strong>bold</strong><script>evil()</script><a href="javascript:alert(1)">bad</a><img src=x onerror=alert(1)></p>';
    fireEvent.paste(box, { clipboardData: { getData: (type: string) => (type === 'text/html' ? html : 'plain') } });
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(lastDelta(onChange)).toEqual({ ops: [{ insert: 'safe ' }, { insert: 'bold', attributes: { bold: true } }, { insert: 'bad\n' }] });
    expect(box.innerHTML).not.toContain('script');
    expect(box.querySelector('a')).toBeNull();
  });

  it('pastes one plain line into the line at the caret, and falls back to text when markup has no words', async () => {
    const { onChange } = mount();
    const box = await editable();
    await act(async () => {
      editorOf(box).update(() => {
        $getRoot().selectEnd();
      });
    });
    fireEvent.paste(box, { clipboardData: { getData: (type: string) => (type === 'text/plain' ? ' there\n' : '') } });
    await waitFor(() => expect(deltaPlainText(lastDelta(onChange) ?? { ops: [] })).toBe('Hello there'));
    fireEvent.paste(box, { clipboardData: { getData: (type: string) => (type === 'text/html' ? '<img src="https://a.test/i.png">' : '!') } });
    await waitFor(() => expect(deltaPlainText(lastDelta(onChange)!)).toBe('Hello there!'));
  });

  it('is not editable and has no toolbar when read-only', async () => {
    mount({ readOnly: true });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Paragraph text' })).toBeTruthy(), { timeout: 2000 });
    const box = screen.getByRole('textbox', { name: 'Paragraph text' });
    expect(box.getAttribute('contenteditable')).toBe('false');
    expect(box.getAttribute('aria-readonly')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Bold' })).toBeNull();
  });

  it('ignores typing when read-only', async () => {
    const { onChange } = mount({ readOnly: true });
    const box = await screen.findByRole('textbox', { name: 'Paragraph text' }, { timeout: 2000 });
    const user = userEvent.setup();
    await user.click(box);
    await user.keyboard('nope');
    await act(async () => {});
    expect(onChange).not.toHaveBeenCalled();
    expect(box.textContent).toBe('Hello');
  });

  it('loads a new delta from the caller but ignores late echoes of its own', async () => {
    const { onChange, rerender } = mount();
    const box = await editable();
    await act(async () => {
      editorOf(box).update(() => {
        $getRoot().selectEnd().insertText('!');
      });
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    const first = lastDelta(onChange)!;
    await act(async () => {
      editorOf(box).update(() => {
        $getRoot().selectEnd().insertText('?');
      });
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(2));
    rerender({ delta: first }); // a debounced caller catching up late
    await act(async () => {});
    expect(box.textContent).toBe('Hello!?');
    rerender({ delta: { ops: [{ insert: 'Rewritten\n' }] } });
    await waitFor(() => expect(box.textContent).toBe('Rewritten'));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});

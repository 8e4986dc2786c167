import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import type { EditorState } from 'lexical';
import { useEffect, useRef } from 'react';
import type { Delta } from '../../../shared/model/delta';
import { fromDelta, toDelta } from './delta-lexical';
import { normalizeDelta } from './delta-lines';
import { registerSanitizedPaste } from './sanitized-paste';

// Small plugins that live inside the LexicalComposer and so can reach the editor.

/** Deltas this editor emitted; the caller may hand any of them back late (it debounces). */
const ECHO_MEMORY = 50;

const keyOf = (delta: Delta) => JSON.stringify(delta);

/** Every open editor's "emit what is waiting now". */
const pendingEmitters = new Set<() => void>();

/** Hands every open editor's latest text to its owner at once (before a save reads it). */
export function flushPendingTextEdits(): void {
  for (const emit of pendingEmitters) emit();
}

/**
 * Emits the delta on every change of content (not of selection alone), and loads a delta
 * the caller passes in only when it is new to the editor: an echo of something the editor
 * emitted earlier, however late, must not wind the text back under the user's caret.
 */
export function DeltaSyncPlugin({ delta, onChange }: { delta: Delta; onChange: (delta: Delta) => void }) {
  const [editor] = useLexicalComposerContext();
  const onChangeRef = useRef(onChange);
  const lastKey = useRef<string | null>(null);
  const emitted = useRef(new Set<string>());

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const key = keyOf(normalizeDelta(delta));
    if (lastKey.current === null) {
      lastKey.current = key; // the editor was created from this delta
      return;
    }
    if (key === lastKey.current || emitted.current.has(key)) return;
    lastKey.current = key;
    emitted.current.clear();
    editor.setEditorState(editor.parseEditorState(JSON.stringify(fromDelta(delta))));
  }, [delta, editor]);

  useEffect(() => {
    let pending: EditorState | null = null;
    let frame: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const emit = () => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
      frame = null;
      timer = null;
      const state = pending;
      pending = null;
      if (!state) return;
      const next = toDelta(state.toJSON());
      const key = keyOf(next);
      if (key === lastKey.current) return;
      lastKey.current = key;
      emitted.current.add(key);
      if (emitted.current.size > ECHO_MEMORY) {
        const oldest = emitted.current.values().next().value;
        if (oldest !== undefined) emitted.current.delete(oldest);
      }
      onChangeRef.current(next);
    };
    const unregister = editor.registerUpdateListener(({ editorState, dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      pending = editorState;
      // Converting and storing the text waits until the frame showing the keystroke is
      // painted: typing must not wait for it. Keys typed meanwhile make one change.
      if (frame === null && timer === null) {
        frame = requestAnimationFrame(() => {
          frame = null;
          timer = setTimeout(emit, 0);
        });
      }
    });
    // Whoever reads the composer's state to save it (blur, unload, Save, Schedule) first
    // takes the keystrokes still waiting here.
    pendingEmitters.add(emit);
    return () => {
      unregister();
      pendingEmitters.delete(emit);
      emit();
    };
  }, [editor]);

  return null;
}

export function SanitizedPastePlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => registerSanitizedPaste(editor), [editor]);
  return null;
}

export function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

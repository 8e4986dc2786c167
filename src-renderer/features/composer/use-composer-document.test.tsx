// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newSection, parseSections, serializeSections, type Letter } from '../../../shared/model';
import { sectionAdded } from '../../block-kit/composer-slice';
import { testLetter, testStore } from '../../testing/composer-test-support';
import { BLOCKS_SAVE_DEBOUNCE_MS, useComposerDocument } from './use-composer-document';

beforeEach(() => {
  vi.useFakeTimers();
  window.bridge = { invoke: vi.fn(), on: () => () => {} } as unknown as typeof window.bridge;
});
afterEach(() => vi.useRealTimers());

function setup() {
  const store = testStore([]);
  const save = vi.fn();
  const letter = testLetter();
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const hook = renderHook(() => useComposerDocument(letter, save, async () => ({ data: letter })), { wrapper });
  const savedTypes = (call: number) => parseSections((save.mock.calls[call]?.[0] as { blocks: string }).blocks).map((s) => s.type);
  return { store, save, hook, savedTypes };
}

describe('useComposerDocument', () => {
  it('loads the letter without saving, then saves 500 ms after the last edit', () => {
    const { store, save, savedTypes } = setup();
    expect(store.getState().composer.present.map((s) => s.type)).toEqual(['footer']);
    act(() => void store.dispatch(sectionAdded({ type: 'heading' })));
    act(() => vi.advanceTimersByTime(BLOCKS_SAVE_DEBOUNCE_MS - 1));
    expect(save).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(save).toHaveBeenCalledTimes(1);
    expect(savedTypes(0)).toEqual(['heading', 'footer']);

    act(() => void store.dispatch(sectionAdded({ type: 'divider' })));
    act(() => vi.advanceTimersByTime(300));
    act(() => void store.dispatch(sectionAdded({ type: 'button' })));
    act(() => vi.advanceTimersByTime(300));
    expect(save).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(200));
    expect(save).toHaveBeenCalledTimes(2);
    expect(savedTypes(1)).toEqual(['heading', 'divider', 'button', 'footer']);
  });

  it('saves at once when the window loses focus or the composer closes, and only what changed', () => {
    const { store, save, hook, savedTypes } = setup();
    act(() => void store.dispatch(sectionAdded({ type: 'paragraph' })));
    act(() => void window.dispatchEvent(new Event('blur')));
    expect(save).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(BLOCKS_SAVE_DEBOUNCE_MS * 2));
    expect(save).toHaveBeenCalledTimes(1);

    act(() => void store.dispatch(sectionAdded({ type: 'image' })));
    hook.unmount();
    expect(save).toHaveBeenCalledTimes(2);
    expect(savedTypes(1)).toEqual(['paragraph', 'image', 'footer']);
  });
});

describe('changes made elsewhere', () => {
  function openWith(initial: Letter) {
    const store = testStore([]);
    const save = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    const hook = renderHook(({ letter }) => useComposerDocument(letter, save, async () => ({ data: letter })), {
      wrapper,
      initialProps: { letter: initial },
    });
    const types = () => store.getState().composer.present.map((s) => s.type);
    return { store, hook, types };
  }

  it('shows a letter changed elsewhere when this editor has nothing unsaved', () => {
    const letter = testLetter();
    const { hook, types } = openWith(letter);
    const sections = parseSections(letter.blocks);
    const remote = { ...letter, version: letter.version + 1, blocks: serializeSections([newSection('heading', 'remote-h'), ...sections]) };
    hook.rerender({ letter: remote });
    expect(types()).toEqual(['heading', 'footer']);
  });

  it('keeps this editor’s unsaved edit instead of the letter changed elsewhere', () => {
    const letter = testLetter();
    const { store, hook, types } = openWith(letter);
    act(() => void store.dispatch(sectionAdded({ type: 'divider' })));
    const remote = { ...letter, version: letter.version + 1, blocks: serializeSections([newSection('heading', 'remote-h'), ...parseSections(letter.blocks)]) };
    hook.rerender({ letter: remote });
    expect(types()).toEqual(['divider', 'footer']);
  });
});

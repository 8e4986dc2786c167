import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { newSection, type Section } from '../../shared/model';
import {
  HISTORY_LIMIT,
  composerReducer,
  letterOpened,
  redone,
  sectionAdded,
  sectionCloned,
  sectionDeleted,
  sectionMoved,
  sectionRewritten,
  sectionSelected,
  textEdited,
  undone,
  versionRestored,
} from './composer-slice';
import { defaultLetterSettings } from '../../shared/model';

function storeWith(sections: Section[]) {
  const store = configureStore({ reducer: { composer: composerReducer } });
  store.dispatch(letterOpened({ letterUniqueId: 'L1', sections }));
  return store;
}

const ids = (sections: Section[]) => sections.map((s) => s.uniqueId);
const types = (sections: Section[]) => sections.map((s) => s.type);

describe('composer slice', () => {
  it('replaces a paragraph with its rewrite under a new id, selected, and one undo brings the original back', () => {
    const original = { ...newSection('paragraph', 'p'), delta: { ops: [{ insert: 'Old words\n' }] } };
    const store = storeWith([newSection('heading', 'h'), original, newSection('footer', 'f')]);
    store.dispatch(sectionRewritten({ id: 'p', delta: { ops: [{ insert: 'New words\n' }] }, newId: 'p2' }));
    const { present, selectedId } = store.getState().composer;
    expect(ids(present)).toEqual(['h', 'p2', 'f']);
    expect(present[1]).toEqual({ ...original, uniqueId: 'p2', delta: { ops: [{ insert: 'New words\n' }] } });
    expect(selectedId).toBe('p2');
    store.dispatch(sectionRewritten({ id: 'h', delta: { ops: [{ insert: 'Not a paragraph\n' }] } }));
    expect(store.getState().composer.present[0]!.uniqueId).toBe('h');
    store.dispatch(undone());
    expect(store.getState().composer.present).toEqual([newSection('heading', 'h'), original, newSection('footer', 'f')]);
  });

  it('restores an older version as one undo step: sections and styles replaced, undo brings back the newer, the selection dropped when its section goes', () => {
    const newer = { ...newSection('paragraph', 'p'), delta: { ops: [{ insert: 'Newer\n' }] } };
    const store = storeWith([newer, newSection('button', 'b'), newSection('footer', 'f')]);
    store.dispatch(sectionSelected('b'));
    const older = { ...newer, delta: { ops: [{ insert: 'Older\n' }] } };
    const olderStyles = { ...defaultLetterSettings(), backgroundColorBody: '#102030' };
    store.dispatch(versionRestored({ sections: [newSection('footer', 'f'), older], settings: olderStyles }));
    const restored = store.getState().composer;
    expect(restored.present).toEqual([older, newSection('footer', 'f')]);
    expect(restored.settings.backgroundColorBody).toBe('#102030');
    expect(restored.selectedId).toBeNull();
    expect(restored.restores).toBe(1);
    store.dispatch(undone());
    expect(store.getState().composer.present).toEqual([newer, newSection('button', 'b'), newSection('footer', 'f')]);
    expect(store.getState().composer.settings.backgroundColorBody).not.toBe('#102030');
  });

  it('adds at the end before the footer, then after the selected section, with fresh ids', () => {
    const store = storeWith([newSection('footer', 'f')]);
    store.dispatch(sectionAdded({ type: 'heading' }));
    store.dispatch(sectionAdded({ type: 'paragraph' }));
    const [heading, paragraph] = store.getState().composer.present;
    expect(types(store.getState().composer.present)).toEqual(['heading', 'paragraph', 'footer']);
    expect(heading?.uniqueId).not.toBe(paragraph?.uniqueId);
    expect(heading?.uniqueId).toMatch(/^[0-9a-f-]{36}$/);

    store.dispatch(sectionSelected(heading!.uniqueId));
    store.dispatch(sectionAdded({ type: 'button' }));
    expect(types(store.getState().composer.present)).toEqual(['heading', 'button', 'paragraph', 'footer']);
    expect(store.getState().composer.selectedId).toBe(store.getState().composer.present[1]?.uniqueId);

    store.dispatch(sectionAdded({ type: 'divider', index: 99 }));
    expect(types(store.getState().composer.present).at(-1)).toBe('footer');
  });

  it('moves sections but never below the footer, and never moves the footer', () => {
    const store = storeWith([newSection('heading', 'a'), newSection('paragraph', 'b'), newSection('footer', 'f')]);
    store.dispatch(sectionMoved({ id: 'b', toIndex: 0 }));
    expect(ids(store.getState().composer.present)).toEqual(['b', 'a', 'f']);
    store.dispatch(sectionMoved({ id: 'b', toIndex: 5 }));
    expect(ids(store.getState().composer.present)).toEqual(['a', 'b', 'f']);
    store.dispatch(sectionMoved({ id: 'f', toIndex: 0 }));
    expect(ids(store.getState().composer.present)).toEqual(['a', 'b', 'f']);
    expect(store.getState().composer.past).toHaveLength(2);
  });

  it('deletes anything but the footer and clears a deleted selection', () => {
    const store = storeWith([newSection('heading', 'a'), newSection('footer', 'f')]);
    store.dispatch(sectionSelected('a'));
    store.dispatch(sectionDeleted({ id: 'a' }));
    store.dispatch(sectionDeleted({ id: 'f' }));
    expect(ids(store.getState().composer.present)).toEqual(['f']);
    expect(store.getState().composer.selectedId).toBeNull();
    expect(store.getState().composer.past).toHaveLength(1);
  });

  it('clones below the original with a fresh id, children included; never the footer, poll or newpromotion', () => {
    const layout = newSection('layout', 'lay');
    const store = storeWith([layout, newSection('poll', 'p'), newSection('footer', 'f')]);
    store.dispatch(sectionCloned({ id: 'lay' }));
    const [original, copy] = store.getState().composer.present;
    expect(copy?.type).toBe('layout');
    expect(copy?.uniqueId).not.toBe('lay');
    expect(copy?.blocks.map((b) => b.uniqueId)).toEqual([`${copy?.uniqueId}-0`, `${copy?.uniqueId}-1`]);
    expect({ ...copy, uniqueId: 'lay', blocks: [] }).toEqual({ ...original, blocks: [] });
    store.dispatch(sectionCloned({ id: 'p' }));
    store.dispatch(sectionCloned({ id: 'f' }));
    expect(types(store.getState().composer.present)).toEqual(['layout', 'layout', 'poll', 'footer']);
  });

  it('undo and redo restore the exact states, and a new edit drops the redo branch', () => {
    const store = storeWith([newSection('footer', 'f')]);
    const states: Section[][] = [store.getState().composer.present];
    store.dispatch(sectionAdded({ type: 'heading', uniqueId: 'h' }));
    states.push(store.getState().composer.present);
    store.dispatch(textEdited({ id: 'h', delta: { ops: [{ insert: 'Hello\n' }] } }));
    states.push(store.getState().composer.present);
    store.dispatch(sectionMoved({ id: 'h', toIndex: 0 }));
    store.dispatch(sectionDeleted({ id: 'h' }));
    states.push(store.getState().composer.present);

    store.dispatch(undone());
    expect(store.getState().composer.present).toEqual(states[2]);
    store.dispatch(undone());
    expect(store.getState().composer.present).toEqual(states[1]);
    store.dispatch(undone());
    store.dispatch(undone());
    expect(store.getState().composer.present).toEqual(states[0]);
    store.dispatch(redone());
    store.dispatch(redone());
    expect(store.getState().composer.present[0]?.delta).toEqual({ ops: [{ insert: 'Hello\n' }] });
    store.dispatch(sectionAdded({ type: 'divider' }));
    expect(store.getState().composer.future).toEqual([]);
    store.dispatch(redone());
    expect(types(store.getState().composer.present)).toEqual(['heading', 'divider', 'footer']);
  });

  it('makes continued typing in one section a single undo step', () => {
    const store = storeWith([newSection('paragraph', 'p'), newSection('heading', 'h')]);
    const before = store.getState().composer.present;
    store.dispatch(textEdited({ id: 'p', delta: { ops: [{ insert: 'H\n' }] } }));
    store.dispatch(textEdited({ id: 'p', delta: { ops: [{ insert: 'Hi\n' }] } }));
    store.dispatch(textEdited({ id: 'h', delta: { ops: [{ insert: 'T\n' }] } }));
    expect(store.getState().composer.past).toHaveLength(2);
    store.dispatch(undone());
    expect(store.getState().composer.present[0]?.delta).toEqual({ ops: [{ insert: 'Hi\n' }] });
    store.dispatch(undone());
    expect(store.getState().composer.present).toEqual(before);
  });

  it('keeps at most HISTORY_LIMIT undo steps and cannot select a locked section', () => {
    const locked = { ...newSection('heading', 'locked'), isLocked: true };
    const store = storeWith([locked, newSection('footer', 'f')]);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) store.dispatch(sectionAdded({ type: 'divider' }));
    expect(store.getState().composer.past).toHaveLength(HISTORY_LIMIT);
    store.dispatch(sectionSelected('locked'));
    expect(store.getState().composer.selectedId).toBeNull();
  });
});

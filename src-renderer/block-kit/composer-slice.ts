import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BlockType, Delta, LayoutType, LetterSettings, Section } from '../../shared/model';
import { defaultLetterSettings, newLayoutSection, newSection } from '../../shared/model';
import { sectionWithLetterStyles } from '../../shared/rules/apply-letter-styles';
import { cloneSection, insertSection, moveSection, removeSection, updateSection } from './section-list';
import { withFooterLast } from '../../shared/model/section-order';

/** Enough undo steps for a working session without keeping every letter in memory forever. */
export const HISTORY_LIMIT = 100;

/** One undo step: the sections and the letter's styles as they were. */
export interface ComposerSnapshot {
  sections: Section[];
  settings: LetterSettings;
}

export interface ComposerState {
  /** The letter these sections belong to; null before one opens. */
  letterUniqueId: string | null;
  past: ComposerSnapshot[];
  /** The sections now (the footer last). */
  present: Section[];
  /** The letter's styles now (the Styles tab). */
  settings: LetterSettings;
  future: ComposerSnapshot[];
  selectedId: string | null;
  /**
   * What was edited last ('text:{id}', 'field:{id}:{name}', 'style:{name}'): going on editing
   * the same thing is one undo step, not one per key.
   */
  lastTextEditId: string | null;
  /** Bumped by every change of `present`, so saving can tell an edit from a load. */
  revision: number;
  /**
   * Bumped by each restore of a version: the canvas draws its sections afresh then, since a
   * text editor takes words it once wrote itself for a late echo and would not show them.
   */
  restores: number;
}

const initialState: ComposerState = {
  letterUniqueId: null,
  past: [],
  present: [],
  settings: defaultLetterSettings(),
  future: [],
  selectedId: null,
  lastTextEditId: null,
  revision: 0,
  restores: 0,
};

const snapshot = (state: ComposerState): ComposerSnapshot => ({ sections: state.present, settings: state.settings });

function restore(state: ComposerState, to: ComposerSnapshot) {
  state.present = to.sections;
  state.settings = to.settings;
}

/**
 * Records an undo step and applies the change. With `coalesceKey`, a change of the same
 * thing as the previous change joins its step (typing in one field is one step).
 */
function commit(state: ComposerState, next: Partial<ComposerSnapshot>, coalesceKey: string | null = null) {
  if (coalesceKey === null || state.lastTextEditId !== coalesceKey) {
    state.past.push(snapshot(state));
    if (state.past.length > HISTORY_LIMIT) state.past.shift();
    state.future = [];
  }
  restore(state, { ...snapshot(state), ...next });
  state.revision += 1;
  state.lastTextEditId = coalesceKey;
}

function keepSelection(state: ComposerState) {
  if (state.selectedId && !state.present.some((s) => s.uniqueId === state.selectedId)) state.selectedId = null;
}

/** A new section; without `index` it goes after the selected one, else before the footer. */
export interface NewSectionPayload {
  type: BlockType;
  layoutType?: LayoutType;
  index?: number;
}

/** Fresh ids come from the renderer's crypto; the reducer itself stays pure. */
const freshId = () => crypto.randomUUID();

export const composerSlice = createSlice({
  name: 'composer',
  initialState,
  reducers: {
    letterOpened(_state, action: PayloadAction<{ letterUniqueId: string; sections: Section[]; settings?: LetterSettings }>) {
      const { letterUniqueId, sections, settings } = action.payload;
      // A letter saved elsewhere (an import, another editor, an older app) opens with its footer last.
      return { ...initialState, letterUniqueId, present: [...withFooterLast(sections)], settings: settings ?? defaultLetterSettings() };
    },
    sectionAdded: {
      reducer(state, action: PayloadAction<NewSectionPayload & { uniqueId: string }>) {
        const { type, uniqueId, index, layoutType } = action.payload;
        const fresh = type === 'layout' && layoutType !== undefined ? newLayoutSection(uniqueId, layoutType) : newSection(type, uniqueId);
        // A new block starts dressed in the letter's styles, so later style changes reach it.
        const section = sectionWithLetterStyles(fresh, state.settings);
        commit(state, { sections: insertSection(state.present, section, index === undefined ? { afterId: state.selectedId } : { index }) });
        state.selectedId = uniqueId;
      },
      prepare(payload: NewSectionPayload & { uniqueId?: string }) {
        return { payload: { ...payload, uniqueId: payload.uniqueId ?? freshId() } };
      },
    },
    sectionMoved(state, action: PayloadAction<{ id: string; toIndex: number }>) {
      const next = moveSection(state.present, action.payload.id, action.payload.toIndex);
      if (next.every((s, i) => s === state.present[i])) return;
      commit(state, { sections: next });
    },
    sectionDeleted(state, action: PayloadAction<{ id: string }>) {
      const next = removeSection(state.present, action.payload.id);
      if (next.length === state.present.length) return;
      commit(state, { sections: next });
      keepSelection(state);
    },
    sectionCloned: {
      reducer(state, action: PayloadAction<{ id: string; newId: string }>) {
        const next = cloneSection(state.present, action.payload.id, action.payload.newId);
        if (next.length === state.present.length) return;
        commit(state, { sections: next });
        state.selectedId = action.payload.newId;
      },
      prepare(payload: { id: string; newId?: string }) {
        return { payload: { id: payload.id, newId: payload.newId ?? freshId() } };
      },
    },
    /**
     * The AI assistant's Save (spec 2 §4): the section with the rewritten text under a new
     * unique id, in its place and selected; one undo step brings the original back.
     */
    sectionRewritten: {
      reducer(state, action: PayloadAction<{ id: string; delta: Delta; newId: string }>) {
        const { id, delta, newId } = action.payload;
        const index = state.present.findIndex((s) => s.uniqueId === id);
        const original = state.present[index];
        if (!original || original.type !== 'paragraph') return;
        const next = [...state.present];
        next[index] = { ...original, uniqueId: newId, delta };
        commit(state, { sections: next });
        state.selectedId = newId;
      },
      prepare(payload: { id: string; delta: Delta; newId?: string }) {
        return { payload: { ...payload, newId: payload.newId ?? freshId() } };
      },
    },
    textEdited(state, action: PayloadAction<{ id: string; delta: Delta }>) {
      const { id, delta } = action.payload;
      commit(state, { sections: updateSection(state.present, id, (s) => ({ ...s, delta })) }, `text:${id}`);
    },
    /**
     * A settings panel changed a section (the whole new section, so nested blocks change
     * too). `field` names what changed: edits of the same field in a row are one undo step.
     */
    sectionChanged(state, action: PayloadAction<{ section: Section; field?: string }>) {
      const { section, field } = action.payload;
      if (!state.present.some((s) => s.uniqueId === section.uniqueId)) return;
      commit(
        state,
        { sections: updateSection(state.present, section.uniqueId, () => section) },
        field === undefined ? null : `field:${section.uniqueId}:${field}`,
      );
    },
    /**
     * The Styles tab changed the letter's styles. `sections` carries the sections the change
     * reaches (those that follow the letter's style), so the canvas and one undo step agree.
     */
    stylesChanged(state, action: PayloadAction<{ settings: LetterSettings; sections?: Section[]; field?: string }>) {
      const { settings, sections, field } = action.payload;
      commit(state, sections ? { settings, sections } : { settings }, field === undefined ? null : `style:${field}`);
    },
    sectionSelected(state, action: PayloadAction<string | null>) {
      const section = state.present.find((s) => s.uniqueId === action.payload);
      state.selectedId = section && !section.isLocked ? section.uniqueId : null;
    },
    undone(state) {
      const previous = state.past.pop();
      if (!previous) return;
      state.future.unshift(snapshot(state));
      restore(state, previous);
      state.lastTextEditId = null;
      state.revision += 1;
      keepSelection(state);
    },
    /**
     * History's 'Restore this version' (issue 35): the sections and styles of an older
     * version replace the document as one undo step, so Undo brings back what was there.
     */
    versionRestored(state, action: PayloadAction<ComposerSnapshot>) {
      commit(state, { sections: [...withFooterLast(action.payload.sections)], settings: action.payload.settings });
      state.restores += 1;
      keepSelection(state);
    },
    redone(state) {
      const next = state.future.shift();
      if (!next) return;
      state.past.push(snapshot(state));
      restore(state, next);
      state.lastTextEditId = null;
      state.revision += 1;
      keepSelection(state);
    },
  },
});

export const {
  letterOpened,
  sectionAdded,
  sectionMoved,
  sectionDeleted,
  sectionCloned,
  sectionRewritten,
  textEdited,
  sectionChanged,
  stylesChanged,
  sectionSelected,
  undone,
  redone,
  versionRestored,
} = composerSlice.actions;
export const composerReducer = composerSlice.reducer;

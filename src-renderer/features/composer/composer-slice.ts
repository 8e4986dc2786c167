import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BlockType, Delta, LayoutType, Section } from '../../../shared/model';
import { newLayoutSection, newSection } from '../../../shared/model';
import { cloneSection, insertSection, moveSection, removeSection, updateSection } from './section-list';

/** Enough undo steps for a working session without keeping every letter in memory forever. */
export const HISTORY_LIMIT = 100;

export interface ComposerState {
  /** The letter these sections belong to; null before one opens. */
  letterUniqueId: string | null;
  past: Section[][];
  present: Section[];
  future: Section[][];
  selectedId: string | null;
  /** The section whose text was edited last: typing on in it is one undo step, not one per key. */
  lastTextEditId: string | null;
  /** Bumped by every change of `present`, so saving can tell an edit from a load. */
  revision: number;
}

const initialState: ComposerState = { letterUniqueId: null, past: [], present: [], future: [], selectedId: null, lastTextEditId: null, revision: 0 };

function commit(state: ComposerState, next: Section[]) {
  state.past.push(state.present);
  if (state.past.length > HISTORY_LIMIT) state.past.shift();
  state.present = next;
  state.future = [];
  state.revision += 1;
  state.lastTextEditId = null;
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
    letterOpened(_state, action: PayloadAction<{ letterUniqueId: string; sections: Section[] }>) {
      return { ...initialState, letterUniqueId: action.payload.letterUniqueId, present: action.payload.sections };
    },
    sectionAdded: {
      reducer(state, action: PayloadAction<NewSectionPayload & { uniqueId: string }>) {
        const { type, uniqueId, index, layoutType } = action.payload;
        const section = type === 'layout' && layoutType !== undefined ? newLayoutSection(uniqueId, layoutType) : newSection(type, uniqueId);
        commit(state, insertSection(state.present, section, index === undefined ? { afterId: state.selectedId } : { index }));
        state.selectedId = uniqueId;
      },
      prepare(payload: NewSectionPayload & { uniqueId?: string }) {
        return { payload: { ...payload, uniqueId: payload.uniqueId ?? freshId() } };
      },
    },
    sectionMoved(state, action: PayloadAction<{ id: string; toIndex: number }>) {
      const next = moveSection(state.present, action.payload.id, action.payload.toIndex);
      if (next.every((s, i) => s === state.present[i])) return;
      commit(state, next);
    },
    sectionDeleted(state, action: PayloadAction<{ id: string }>) {
      const next = removeSection(state.present, action.payload.id);
      if (next.length === state.present.length) return;
      commit(state, next);
      keepSelection(state);
    },
    sectionCloned: {
      reducer(state, action: PayloadAction<{ id: string; newId: string }>) {
        const next = cloneSection(state.present, action.payload.id, action.payload.newId);
        if (next.length === state.present.length) return;
        commit(state, next);
        state.selectedId = action.payload.newId;
      },
      prepare(payload: { id: string; newId?: string }) {
        return { payload: { id: payload.id, newId: payload.newId ?? freshId() } };
      },
    },
    textEdited(state, action: PayloadAction<{ id: string; delta: Delta }>) {
      const { id, delta } = action.payload;
      const next = updateSection(state.present, id, (s) => ({ ...s, delta }));
      if (state.lastTextEditId === id) {
        state.present = next;
        state.revision += 1;
      } else commit(state, next);
      state.lastTextEditId = id;
    },
    sectionSelected(state, action: PayloadAction<string | null>) {
      const section = state.present.find((s) => s.uniqueId === action.payload);
      state.selectedId = section && !section.isLocked ? section.uniqueId : null;
    },
    undone(state) {
      const previous = state.past.pop();
      if (!previous) return;
      state.future.unshift(state.present);
      state.present = previous;
      state.lastTextEditId = null;
      state.revision += 1;
      keepSelection(state);
    },
    redone(state) {
      const next = state.future.shift();
      if (!next) return;
      state.past.push(state.present);
      state.present = next;
      state.lastTextEditId = null;
      state.revision += 1;
      keepSelection(state);
    },
  },
});

export const { letterOpened, sectionAdded, sectionMoved, sectionDeleted, sectionCloned, textEdited, sectionSelected, undone, redone } =
  composerSlice.actions;
export const composerReducer = composerSlice.reducer;

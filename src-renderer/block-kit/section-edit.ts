import { useCallback } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { BlockModels, BlockType, Section, SectionOf } from '../../shared/model';
import { sectionChanged, type ComposerState } from './composer-slice';

// How a panel changes its section. A change is a function of the section as it is when the
// change lands (not as the panel last drew it), so a debounced edit never undoes an edit
// made meanwhile, and a nested block's change rebuilds its parent layout around it.

/** `field` names what changed: edits of the same field in a row are one undo step. */
export type SectionEdit<S extends Section = Section> = (field: string, change: (current: S) => S) => void;

/** A block panel: its section, and the edit of that section (changes of any section field). */
export interface PanelProps<S extends Section> {
  section: S;
  edit: SectionEdit;
}

/** Edits a top-level section of the composer, found by id in the store at the moment of the edit. */
export function useSectionEdit(sectionId: string, readOnly: boolean): SectionEdit {
  const store = useStore<{ composer: ComposerState }>();
  const dispatch = useDispatch();
  return useCallback<SectionEdit>(
    (field, change) => {
      if (readOnly) return;
      const current = store.getState().composer.present.find((s) => s.uniqueId === sectionId);
      if (!current) return;
      const next = change(current);
      if (next !== current) dispatch(sectionChanged({ section: next, field }));
    },
    [store, dispatch, sectionId, readOnly],
  );
}

/** Edits one child block of a layout through its parent's edit. */
export function childEdit(parentEdit: SectionEdit, childId: string): SectionEdit {
  return (field, change) =>
    parentEdit(`${childId}.${field}`, (parent) => {
      const blocks = parent.blocks.map((child) => (child.uniqueId === childId ? change(child) : child));
      return blocks.every((child, i) => child === parent.blocks[i]) ? parent : ({ ...parent, blocks } as Section);
    });
}

/** The edit of a section known to be of type T; a change never lands on a section that became another type. */
export function typedEdit<T extends BlockType>(edit: SectionEdit, type: T): SectionEdit<SectionOf<T>> {
  return (field, change) => edit(field, (current) => (current.type === type ? change(current as SectionOf<T>) : current));
}

/** Sets fields of the block model of a section of type T (left alone if it is of another type, or nothing changes). */
export function setModel<T extends BlockType>(edit: SectionEdit, type: T, field: string, fields: Partial<BlockModels[T]>) {
  edit(field, (current) => {
    if (current.type !== type) return current;
    const model = current.blockModel as Record<string, unknown>;
    if (Object.entries(fields).every(([key, value]) => model[key] === value)) return current;
    return { ...current, blockModel: { ...current.blockModel, ...fields } } as Section;
  });
}

import { useDispatch, useSelector, useStore } from 'react-redux';
import type { LetterSettings, Section } from '../../shared/model';
import { applyLetterStyleChange, overrideSectionStyles, type StyleGroup } from '../../shared/rules/apply-letter-styles';
import { stylesChanged } from './composer-slice';

/** The slice of the store this hook reads (the app store and the tests' stores both have it). */
interface WithComposer {
  composer: { present: Section[]; settings: LetterSettings };
}

/** Equal JSON data, exactly (a disclaimer's case is an edit). */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  return [...new Set([...Object.keys(left), ...Object.keys(right)])].every((key) => sameData(left[key], right[key]));
}

/**
 * The letter's styles and the two ways to change them: `change` writes new settings and
 * carries them to the sections that follow the changed styles; `override` puts every
 * section's styles of one group back on the letter's (the override buttons). Each is one
 * undo step; changes with the same `field` in a row join one step.
 */
export function useLetterStyles() {
  const dispatch = useDispatch();
  const store = useStore<WithComposer>();
  const settings = useSelector((state: WithComposer) => state.composer.settings);

  // Read at call time, so two quick edits never start from a stale copy.
  const change = (update: (current: LetterSettings) => LetterSettings, field: string) => {
    const { present, settings: current } = store.getState().composer;
    const next = update(current);
    // Choosing what is already chosen is not an edit (and not an undo step).
    if (sameData(next, current)) return;
    const sections = applyLetterStyleChange(present, current, next);
    dispatch(stylesChanged({ settings: next, field, ...(sections === present ? {} : { sections }) }));
  };

  const override = (group: StyleGroup) => {
    const { present, settings: current } = store.getState().composer;
    const sections = overrideSectionStyles(present, current, group);
    if (sections !== present) dispatch(stylesChanged({ settings: current, sections }));
  };

  return { settings, change, override };
}

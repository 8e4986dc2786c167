import { useCallback } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { LetterSettings } from '../../../shared/model';
import { overrideSectionStyles, type StyleGroup } from '../../../shared/rules/apply-letter-styles';
import { stylesChanged, type ComposerState } from '../../block-kit/composer-slice';

// The block panels' "override all image/button styles": the block's look becomes the
// letter's style for its kind, and every block of that kind takes it, as one undo step.

export function useOverrideStyles(readOnly: boolean) {
  const store = useStore<{ composer: ComposerState }>();
  const dispatch = useDispatch();
  return useCallback(
    (group: StyleGroup, change: (settings: LetterSettings) => LetterSettings) => {
      if (readOnly) return;
      const { settings, present } = store.getState().composer;
      const next = change(settings);
      dispatch(stylesChanged({ settings: next, sections: overrideSectionStyles(present, next, group) }));
    },
    [store, dispatch, readOnly],
  );
}

import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import type { PreviewService } from '../render/preview-service';
import type { LettersStore } from '../store/letters-store';

export function renderHandlers(deps: { store: LettersStore; previews: PreviewService }): Pick<BridgeHandlers, 'render.preview'> {
  return {
    async 'render.preview'(input) {
      const letter = 'letter' in input ? input.letter : await deps.store.getByUniqueId(input.uniqueId);
      if (!letter) throw new AppError('not_found', 'Eep. It doesn’t look like this letter exists.');
      return deps.previews.preview(letter);
    },
  };
}

import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import type { Letter } from '../../../shared/model/letter';
import type { InboxService } from '../render/inbox-service';
import type { PreviewService } from '../render/preview-service';
import type { LettersStore } from '../store/letters-store';

export function renderHandlers(deps: {
  store: LettersStore;
  previews: PreviewService;
  inbox: InboxService;
}): Pick<BridgeHandlers, 'render.preview' | 'render.inboxCompatibility'> {
  const stored = async (uniqueId: string): Promise<Letter> => {
    const letter = await deps.store.getByUniqueId(uniqueId);
    if (!letter) throw new AppError('not_found', 'Eep. It doesn’t look like this letter exists.');
    return letter;
  };
  return {
    async 'render.preview'(input) {
      return deps.previews.preview('letter' in input ? input.letter : await stored(input.uniqueId));
    },
    async 'render.inboxCompatibility'({ uniqueId }) {
      return deps.inbox.inboxCompatibility(await stored(uniqueId));
    },
  };
}

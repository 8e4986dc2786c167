import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { Letter } from '../../../shared/model/letter';
import type { InboxService } from '../render/inbox-service';
import type { PreviewService } from '../render/preview-service';
import type { LettersStore } from '../store/letters-store';
import { existingLetter } from './existing-letter';

export function renderHandlers(deps: {
  store: LettersStore;
  previews: PreviewService;
  inbox: InboxService;
}): Pick<BridgeHandlers, 'render.preview' | 'render.inboxCompatibility'> {
  const stored = (uniqueId: string): Promise<Letter> => existingLetter(deps.store, uniqueId);
  return {
    async 'render.preview'(input) {
      return deps.previews.preview('letter' in input ? input.letter : await stored(input.uniqueId));
    },
    async 'render.inboxCompatibility'({ uniqueId }) {
      return deps.inbox.inboxCompatibility(await stored(uniqueId));
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import type { Channel } from '../../../shared/model/channel';
import type { Letter } from '../../../shared/model/letter';
import { newDraftLetter } from '../../../shared/model/new-letter';
import { isTemplateStatus } from '../../../shared/model/publication';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { SyncEngine } from '../sync/sync-engine';

export const TEMPLATE_NOT_FOUND_MESSAGE = 'Choose a template of this channel, or start a blank letter.';

/** A new draft that starts with the template's content and styles; everything else is its own. */
function fromTemplate(blank: Letter, template: Letter): Letter {
  return {
    ...blank,
    blocks: template.blocks,
    delta: template.delta,
    settings: template.settings,
    subtitle: template.subtitle,
    includePromotions: template.includePromotions,
    utmEnabled: template.utmEnabled,
    utms: template.utms,
  };
}

// Letters are read from and written to the local cache first; the platform is reached
// through the sync engine, so every call here works offline.

type LetterHandlers = Pick<BridgeHandlers, 'letters.list' | 'letters.get' | 'letters.create' | 'letters.saveLocal'>;

export function letterHandlers(deps: {
  store: LettersStore;
  session: SessionService;
  sync: SyncEngine;
  client: PlatformClient;
}): LetterHandlers {
  const { store, session, sync, client } = deps;

  function channelOrThrow(brandSlug: string, channelSlug: string) {
    const channel = session.findChannel(brandSlug, channelSlug);
    if (!channel) throw new AppError('not_found', 'This channel does not exist, or you are not a member of it.');
    return channel;
  }

  /** A template of this channel, or a clear refusal. */
  async function templateOf(channel: Channel, uniqueId: string): Promise<Letter> {
    const found = await store.getByUniqueId(uniqueId);
    if (!found || found.channelSlug !== channel.channelSlug || found.brandSlug !== channel.brandSlug || !isTemplateStatus(found.publicationStatus)) {
      throw new AppError('invalid_input', TEMPLATE_NOT_FOUND_MESSAGE);
    }
    return found;
  }

  return {
    async 'letters.list'(query) {
      // The cached list answers at once; the platform's changes arrive as an event.
      void sync.pull();
      return store.list(query);
    },

    async 'letters.get'({ brandSlug, channelSlug, id }) {
      const local = await store.getByRouteId(brandSlug, channelSlug, id);
      if (local || !/^\d+$/.test(id)) return local;
      try {
        if (!(await session.ensureSignedIn())) return null;
        const remote = await client.getLetter(brandSlug, channelSlug, Number(id));
        if (remote) await store.applyRemote(remote);
        return remote;
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'network') {
          throw new AppError('offline', 'This letter is not on this computer yet, and the platform cannot be reached.');
        }
        throw error;
      }
    },

    async 'letters.create'({ brandSlug, channelSlug, template, templateUniqueId }) {
      const channel = channelOrThrow(brandSlug, channelSlug);
      const blank = newDraftLetter({
        uniqueId: randomUUID(),
        channel,
        author: session.current().user,
        now: new Date().toISOString(),
        template: template ?? false,
      });
      const letter = templateUniqueId === undefined ? blank : fromTemplate(blank, await templateOf(channel, templateUniqueId));
      await store.insertNew(letter);
      // Online, the letter comes back with its platform id and 'Draft {id}' title at once.
      await sync.pushNow();
      return (await store.getByUniqueId(letter.uniqueId)) ?? letter;
    },

    async 'letters.saveLocal'({ uniqueId, changes }) {
      const saved = await store.saveLocal(uniqueId, changes, new Date().toISOString());
      if (!saved) throw new AppError('not_found', 'Eep. It doesn’t look like this letter exists.');
      await sync.localChange();
      return saved;
    },
  };
}

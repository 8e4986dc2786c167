import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { PREVIEW_AS_RECENT_MAX, type PreviewReaderOption } from '../../../shared/contract/bridge-preview-as';
import { AppError } from '../../../shared/contract/errors';
import type { PreviewAsResponse, PreviewReader } from '../../../shared/contract/platform-preview-as';
import type { Letter } from '../../../shared/model/letter';
import { withInertReaderLinks } from '../../../shared/render/inert-reader-links';
import { fillMergeTags } from '../../../shared/render/merge-fill';
import { subscriberLookup } from '../../../shared/render/merge-values';
import { UNTITLED_LETTER } from '../../../shared/render/render-letter';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { PreviewService } from '../render/preview-service';
import type { SessionService } from '../session';
import type { KvStore } from '../store/kv-store';
import type { LettersStore } from '../store/letters-store';
import type { SyncEngine } from '../sync/sync-engine';
import { platformLetterActions } from './lifecycle';

// 'Preview as' (issue 35). Online the platform renders the reader's email: it has their
// fields and signs their links. Each reader it answers for is kept here (the last
// PREVIEW_AS_RECENT_MAX of the channel, newest first), so offline the picker lists them and
// the core fills its own render with their fields — merge tags by the same fill the
// platform uses (shared/render/merge-fill.ts). Offline their footer links cannot be signed
// (only the platform can), so they are the bare ones; inert either way.

/** Subscribers a search lists at most: the picker shows a short list, not a page. */
const SEARCH_LIMIT = 8;
const OFFLINE_NO_READER =
  'Preview as a subscriber needs a connection to the platform, except for readers you previewed as before on this computer.';

const recentKey = (letter: Pick<Letter, 'brandSlug' | 'channelSlug'>) => `previewAs.readers:${letter.brandSlug}:${letter.channelSlug}`;

function optionOf(reader: Pick<PreviewReader, 'subscriberId' | 'email' | 'firstName' | 'lastName'>): PreviewReaderOption {
  return { subscriberId: reader.subscriberId, email: reader.email, name: `${reader.firstName} ${reader.lastName}`.trim() };
}

export function previewAsHandlers(deps: {
  store: LettersStore;
  session: SessionService;
  sync: SyncEngine;
  client: PlatformClient;
  previews: PreviewService;
  kv: KvStore;
  platformUrl: string;
}): Pick<BridgeHandlers, 'letters.previewAsReaders' | 'letters.previewAs'> {
  const { session, client, previews, kv } = deps;
  const { localLetter, onPlatform } = platformLetterActions(deps);
  const platformUrl = deps.platformUrl.replace(/\/+$/, '');

  const recentReaders = async (letter: Letter) => (await kv.get<PreviewReader[]>(recentKey(letter))) ?? [];

  async function keepReader(letter: Letter, reader: PreviewReader): Promise<void> {
    const others = (await recentReaders(letter)).filter((kept) => kept.subscriberId !== reader.subscriberId);
    await kv.set(recentKey(letter), [reader, ...others].slice(0, PREVIEW_AS_RECENT_MAX));
  }

  /** This computer's render of the letter, filled as `reader` will read it. */
  async function offlinePreview(letter: Letter, reader: PreviewReader): Promise<PreviewAsResponse> {
    const channelName = session.findChannel(letter.brandSlug, letter.channelSlug)?.channelName ?? '';
    const lookup = subscriberLookup({ subscriber: reader, letter, channelName });
    const { html } = await previews.preview(letter);
    return {
      subject: fillMergeTags(letter.title.trim() || UNTITLED_LETTER, lookup, 'text'),
      preheader: fillMergeTags(letter.subtitle, lookup, 'text'),
      html: withInertReaderLinks(fillMergeTags(html, lookup, 'html'), platformUrl),
      reader,
    };
  }

  return {
    async 'letters.previewAsReaders'({ uniqueId, search }) {
      const letter = await localLetter(uniqueId);
      const recent = (await recentReaders(letter)).map(optionOf);
      try {
        if (await session.ensureSignedIn()) {
          const { items } = await client.audience.subscribers(letter.brandSlug, letter.channelSlug, {
            status: 'active',
            search: search || undefined,
            tags: [],
            page: 1,
            itemsPerPage: SEARCH_LIMIT,
          });
          return { subscribers: items.map((item) => optionOf({ ...item, subscriberId: item.id })), recent, offline: false };
        }
      } catch (error) {
        if (!(error instanceof PlatformError) || error.kind !== 'network') throw error instanceof PlatformError ? new AppError('platform_error', error.message) : error;
      }
      return { subscribers: [], recent, offline: true };
    },

    async 'letters.previewAs'({ uniqueId, reader }) {
      try {
        return await onPlatform(uniqueId, 'Preview as a subscriber', async (letter) => {
          // The schedule step's subject and preview text stay here until 'Schedule': they go with the preview.
          const answer = await client.previewAs(letter.channelId, letter.id, { reader, subject: letter.title, previewText: letter.subtitle });
          await keepReader(letter, answer.reader);
          return { ...answer, offline: false };
        });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'offline') throw error;
        const letter = await localLetter(uniqueId);
        const kept = 'subscriberId' in reader ? (await recentReaders(letter)).find((known) => known.subscriberId === reader.subscriberId) : undefined;
        if (!kept) throw new AppError('offline', OFFLINE_NO_READER);
        return { ...(await offlinePreview(letter, kept)), offline: true };
      }
    },
  };
}

import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { HistoryVersion } from '../../../shared/contract/bridge-history';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { LetterVersionsStore } from '../store/letter-versions';
import { existingLetter } from './existing-letter';

// The composer's History (issue 35): the versions this computer saved (store/letter-versions.ts)
// and, when the platform answers, its revisions. A local version the platform took since
// (a revision with the same content saved at or after it) is listed once, as the platform's.

export const HISTORY_OFFLINE_MESSAGE = 'The platform cannot be reached: only the versions saved on this computer are listed.';
export const HISTORY_NOT_SYNCED_MESSAGE = 'This letter has not reached the platform yet: only the versions saved on this computer are listed.';
export const VERSION_GONE_MESSAGE = 'This version of the letter is no longer kept.';

export function letterHistoryHandlers(deps: {
  store: LettersStore;
  versions: LetterVersionsStore;
  session: SessionService;
  client: PlatformClient;
}): Pick<BridgeHandlers, 'letters.history' | 'letters.version'> {
  const { store, versions, session, client } = deps;

  const localLetter = (uniqueId: string) => existingLetter(store, uniqueId);

  function platformFailure(error: unknown): never | 'offline' {
    if (error instanceof PlatformError && error.kind === 'network') return 'offline';
    if (error instanceof PlatformError) throw new AppError(error.isUnauthorized ? 'unauthorized' : 'platform_error', error.message);
    throw error;
  }

  return {
    async 'letters.history'({ uniqueId }) {
      const letter = await localLetter(uniqueId);
      const me = session.current().user;
      const myName = me ? `${me.name} ${me.surname}`.trim() || me.email : 'You';
      const local: HistoryVersion[] = (await versions.list(uniqueId)).map((v) => ({
        key: `l:${v.id}`,
        source: 'local',
        savedAt: v.savedAt,
        author: me?.uniqueId ?? 'this-computer',
        authorName: myName,
        mine: true,
        fingerprint: v.fingerprint,
      }));
      let platform: HistoryVersion[] = [];
      let platformMessage: string | null = null;
      if (letter.id === null || letter.channelId === null) platformMessage = HISTORY_NOT_SYNCED_MESSAGE;
      else if (!(await session.ensureSignedIn().catch(() => false))) platformMessage = HISTORY_OFFLINE_MESSAGE;
      else {
        try {
          const { revisions } = await client.letterRevisions(letter.channelId, letter.id);
          platform = revisions.map((r) => ({
            key: `p:${r.id}`,
            source: 'platform',
            savedAt: r.savedAt,
            author: r.userUniqueId,
            authorName: r.userName,
            mine: me !== null && r.userUniqueId === me.uniqueId,
            fingerprint: r.fingerprint,
          }));
        } catch (error) {
          platformFailure(error);
          platformMessage = HISTORY_OFFLINE_MESSAGE;
        }
      }
      const taken = (v: HistoryVersion) => platform.some((p) => p.fingerprint === v.fingerprint && Date.parse(p.savedAt) >= Date.parse(v.savedAt));
      const merged = [...platform, ...local.filter((v) => !taken(v))].sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt));
      return { versions: merged, platformReached: platformMessage === null, platformMessage };
    },

    async 'letters.version'({ uniqueId, key }) {
      const letter = await localLetter(uniqueId);
      const id = Number(key.slice(2));
      if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('invalid_input', VERSION_GONE_MESSAGE);
      if (key.startsWith('l:')) {
        const version = await versions.content(uniqueId, id);
        if (!version) throw new AppError('not_found', VERSION_GONE_MESSAGE);
        return { key, savedAt: version.savedAt, content: version.content };
      }
      if (!key.startsWith('p:') || letter.id === null || letter.channelId === null) throw new AppError('not_found', VERSION_GONE_MESSAGE);
      if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', HISTORY_OFFLINE_MESSAGE);
      try {
        const revision = await client.letterRevision(letter.channelId, letter.id, id);
        return { key, savedAt: revision.savedAt, content: revision.content };
      } catch (error) {
        platformFailure(error);
        throw new AppError('offline', 'This version is kept on the platform, which cannot be reached right now.');
      }
    },
  };
}

import { randomUUID } from 'node:crypto';
import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { SCHEDULING_REQUIREMENTS_MESSAGE } from '../../../shared/contract/platform-letters';
import { claimantJson, type Letter } from '../../../shared/model/letter';
import { PublicationStatus, isEditableStatus, isTemplateStatus } from '../../../shared/model/publication';
import { parseSections } from '../../../shared/model/section';
import { missingSchedulingFields } from '../../../shared/rules/schedule';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { PreviewService } from '../render/preview-service';
import { promotionAdsToSubmit } from './promotion-ads-submit';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import { saveOnSchedulingPayload } from '../sync/letter-payloads';
import type { SyncEngine } from '../sync/sync-engine';
import { existingLetter } from './existing-letter';

// The lifecycle actions of spec 1 §4 that only the platform can perform: status changes,
// scheduling, the private flag (update-private), test sends, the spam check, merge-tag checks and suggestions. Each pushes the letter's local
// edits first, so the platform acts on what the editor sees; offline each says so plainly
// and changes nothing. Cloning is local (it works offline) and syncs like any new letter.

type LifecycleNames =
  | 'letters.changeStatus'
  | 'letters.schedule'
  | 'letters.activateTemplate'
  | 'letters.setPrivate'
  | 'letters.sendTest'
  | 'letters.spamCheck'
  | 'letters.clone'
  | 'letters.validateMergeTag'
  | 'letters.suggest';

/** Fields of the schedule step that stay local until 'Schedule' sends them. */
const SCHEDULE_FIELDS = [
  'title',
  'subtitle',
  'subjectB',
  'hasAbTest',
  'segmentId',
  'segmentName',
  'publicationDate',
  'publicationDateTzCode',
  'openGraphHeadline',
  'openGraphDescription',
  'openGraphImageUrl',
  'updatePreviewText',
  // UTM tracking rows, edited in SENDING SETTINGS.
  'settings',
  // A template's trigger, chosen in its configure step.
  'automation',
] as const satisfies readonly (keyof Letter)[];


export function copyTitle(title: string): string {
  return `Copy of ${title}`;
}

/** The poll ids of the letter's poll blocks, sent with a status change (spec 1 §4). */
export function pollIds(letter: Letter): number[] {
  try {
    return parseSections(letter.blocks).flatMap((section) => [section, ...(section.blocks ?? [])])
      .filter((section) => section.type === 'poll')
      .map((section) => (section.blockModel as { id?: number | null } | null)?.id)
      .filter((id): id is number => typeof id === 'number');
  } catch {
    return [];
  }
}

/** Finding a letter here, and acting on the platform's copy of it (lifecycle actions, 'Preview as'). */
export function platformLetterActions(deps: { store: LettersStore; session: SessionService; sync: SyncEngine }) {
  const { store, session, sync } = deps;

  const localLetter = (uniqueId: string) => existingLetter(store, uniqueId);

  /**
   * Runs `action` on the platform's copy of the letter: local edits are pushed first, and
   * a platform that cannot be reached (or has not got the letter yet) is said plainly.
   */
  async function onPlatform<T>(uniqueId: string, what: string, action: (letter: Letter & { id: number; channelId: number }) => Promise<T>): Promise<T> {
    const offline = `${what} needs a connection to the platform. Your letter is saved on this computer.`;
    if (!(await session.ensureSignedIn().catch(() => false))) {
      throw new AppError(session.current().mode === 'remote' ? 'unauthorized' : 'offline', session.current().mode === 'remote' ? 'Sign in to the platform first.' : offline);
    }
    await sync.pushNow();
    const letter = await localLetter(uniqueId);
    if (letter.id === null || letter.channelId === null || (await store.hasQueuedEdits(uniqueId))) {
      const status = sync.status();
      if (status.state === 'offline') throw new AppError('offline', offline);
      throw new AppError('platform_error', status.message ?? 'Your latest changes have not reached the platform yet. Try again in a moment.');
    }
    try {
      return await action({ ...letter, id: letter.id, channelId: letter.channelId });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', offline);
      if (error.status === 409) throw new AppError('conflict', error.message);
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      throw new AppError('platform_error', error.message);
    }
  }

  return { localLetter, onPlatform };
}

export function lifecycleHandlers(deps: {
  store: LettersStore;
  session: SessionService;
  sync: SyncEngine;
  client: PlatformClient;
  previews: PreviewService;
}): Pick<BridgeHandlers, LifecycleNames> {
  const { store, session, sync, client, previews } = deps;
  const { localLetter, onPlatform } = platformLetterActions({ store, session, sync });

  function claimant(): string | null {
    const user = session.current().user;
    return user ? claimantJson(user) : null;
  }

  return {
    async 'letters.changeStatus'({ uniqueId, to }) {
      return onPlatform(uniqueId, 'Changing the status', async (letter) => {
        const remote = await client.updateStatus(letter.channelId, letter.id, {
          publicationStatus: to,
          currentStatus: letter.publicationStatus,
          uniqueId,
          pollIds: pollIds(letter),
        });
        // Back to an editable state, schedule-step edits not yet sent go on as local edits.
        return store.adoptRemote(remote, isEditableStatus(remote.publicationStatus) ? SCHEDULE_FIELDS : []);
      });
    },

    async 'letters.setPrivate'({ uniqueId, private: isPrivate }) {
      return onPlatform(uniqueId, 'Changing who can read the letter on the web', async (letter) => {
        const remote = await client.updatePrivate(letter.channelSlug, letter.id, { private: isPrivate, claimant: claimant(), baseVersion: letter.version });
        // From the schedule step: its fields not yet sent stay the editor's local edits.
        return store.adoptRemote(remote, SCHEDULE_FIELDS);
      });
    },

    async 'letters.schedule'({ uniqueId }) {
      const local = await localLetter(uniqueId);
      const missing = missingSchedulingFields(local);
      if (missing.length > 0) {
        throw new AppError('invalid_input', SCHEDULING_REQUIREMENTS_MESSAGE, Object.fromEntries(missing.map((field) => [field, ['This field is required.']])));
      }
      return onPlatform(uniqueId, 'Scheduling', async (letter) => {
        const { html } = await previews.preview(letter);
        const promotionAds = await promotionAdsToSubmit(letter, client);
        // Save on scheduling carries no settings: the UTM rows and promoter ads of the schedule step go first.
        const withSettings = await client.updateSettings(letter.channelSlug, uniqueId, {
          settings: { ...letter.settings, ...(promotionAds ? { promotionAds } : {}) },
          claimant: claimant(),
          baseVersion: letter.version,
        });
        const remote = await client.saveOnScheduling(
          letter.channelId,
          letter.id,
          saveOnSchedulingPayload({ ...letter, version: withSettings.version }, claimant(), html, PublicationStatus.scheduled),
        );
        return store.adoptRemote(remote);
      });
    },

    async 'letters.activateTemplate'({ uniqueId, automation }) {
      return onPlatform(uniqueId, 'Activating the template', async (letter) => {
        if (letter.publicationStatus !== PublicationStatus.templateConfigure) {
          throw new AppError('conflict', 'Only a template being configured can be activated. Reload it and try again.');
        }
        const { html } = await previews.preview(letter);
        const remote = await client.saveOnScheduling(letter.channelId, letter.id, {
          ...saveOnSchedulingPayload(letter, claimant(), html, PublicationStatus.templateConfigured),
          automation,
        });
        return store.adoptRemote(remote);
      });
    },

    async 'letters.sendTest'({ uniqueId, toEmail }) {
      return onPlatform(uniqueId, 'Sending a test email', async (letter) => {
        const answer = await client.sendTestEmail(letter.channelId, letter.id, toEmail);
        return { message: answer.message, note: answer.note, keptInLocalMailbox: !answer.sent };
      });
    },

    async 'letters.spamCheck'({ uniqueId }) {
      return onPlatform(uniqueId, 'Checking the spam score', (letter) =>
        // The schedule step's subject and preview text stay here until 'Schedule': they go with the check.
        client.spamCheck(letter.channelId, letter.id, { subject: letter.title, previewText: letter.subtitle }),
      );
    },

    async 'letters.clone'({ uniqueId, status }) {
      const source = await localLetter(uniqueId);
      const now = new Date().toISOString();
      const isTemplate = isTemplateStatus(source.publicationStatus);
      const copy: Letter = {
        ...source,
        id: null,
        uniqueId: randomUUID(),
        version: 0,
        title: copyTitle(source.title),
        publicationStatus: status ?? (isTemplate ? PublicationStatus.template : PublicationStatus.draft),
        publicationDate: null,
        claimant: null,
        abTestMetrics: null,
        insights: null,
        updatedAt: now,
      };
      if (!isEditableStatus(copy.publicationStatus)) throw new AppError('invalid_input', 'A copy starts as a draft or a template.');
      await store.insertNew(copy);
      await sync.localChange();
      return copy;
    },

    async 'letters.validateMergeTag'({ uniqueId, mergeTag }) {
      return onPlatform(uniqueId, 'Checking a merge tag', (letter) => client.validateMergeTag(letter.id, mergeTag));
    },

    async 'letters.suggest'({ uniqueId, field }) {
      return onPlatform(uniqueId, 'Suggesting text', (letter) => client.suggest(letter.id, field, uniqueId));
    },
  };
}

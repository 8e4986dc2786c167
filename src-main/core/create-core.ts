import { AUTOSAVE_DEBOUNCE_MS } from '../../shared/timing';
import type { Core, CoreContext } from './core-context';
import { createDispatch } from './dispatch';
import { aiAssistantHandlers } from './handlers/ai-assistant';
import { appHandlers } from './handlers/app';
import { channelSettingsHandlers } from './handlers/channel-settings';
import { curationHandlers } from './handlers/curation';
import { promotionHandlers } from './handlers/promotions';
import { promotionPreviewHandlers } from './handlers/promotion-preview';
import { letterDeletionHandlers } from './handlers/letter-deletion';
import { letterMetricsHandlers } from './handlers/letter-metrics';
import { claimHandlers } from './handlers/claims';
import { featureFlagHandlers } from './handlers/feature-flags';
import { imageHandlers } from './handlers/images';
import { createImageService } from './images/image-service';
import { letterHandlers } from './handlers/letters';
import { letterImportHandlers } from './handlers/letter-import';
import { localMailboxHandlers } from './handlers/local-mailbox';
import { linkContentHandlers } from './handlers/link-content';
import { lifecycleHandlers } from './handlers/lifecycle';
import { previewAsHandlers } from './handlers/preview-as';
import { openGraphHandlers } from './handlers/open-graph';
import { renderHandlers } from './handlers/render';
import { pollHandlers } from './handlers/polls';
import { audienceHandlers } from './handlers/audience';
import { reportHandlers } from './handlers/reports';
import { dashboardHandlers } from './handlers/dashboards';
import { segmentHandlers } from './handlers/segments';
import { sendingHandlers } from './handlers/sending';
import { automationHandlers } from './handlers/automations';
import { letterHistoryHandlers } from './handlers/letter-history';
import { createLetterVersionsStore } from './store/letter-versions';
import { syncHandlers } from './handlers/sync';
import { createPlatformClient } from './platform/platform-client';
import { createInboxService } from './render/inbox-service';
import { createPreviewService } from './render/preview-service';
import { createSession, memoryTokenVault } from './session';
import { createKvStore } from './store/kv-store';
import { createLettersStore } from './store/letters-store';
import { createReportCache } from './store/report-cache';
import { createDashboardCache } from './store/dashboard-cache';
import { backupIfDue } from './store/backups';
import { openStore } from './store/open-store';
import { createHeartOutbox } from './sync/heart-outbox';
import { createHeldClaims } from './sync/held-claims';
import { createSyncEngine } from './sync/sync-engine';

/** Builds the core both hosts run: the store, the session, sync, and a handler per channel. */
export async function createCore(ctx: CoreContext): Promise<Core> {
  const log = ctx.log ?? ((message: string, detail?: unknown) => console.error(`[core] ${message}`, detail ?? ''));
  const db = await openStore(ctx.dataDir);
  const store = createLettersStore(db);
  const kv = createKvStore(db);
  let session: Awaited<ReturnType<typeof createSession>> | null = null;
  const client = createPlatformClient(ctx.platform.url, () => session?.getToken() ?? null);
  session = await createSession(ctx.platform, client, kv, ctx.tokenVault ?? memoryTokenVault());
  const hearts = createHeartOutbox({ session, client, kv, log });
  const claims = createHeldClaims();
  const sync = createSyncEngine({
    store,
    kv,
    client,
    session,
    // The platform answered a push: hearts waiting offline go too.
    emit: (event, payload) => {
      ctx.emit(event, payload);
      if (event === 'sync.status' && (payload as { state?: string }).state === 'synced') void hearts.flush().catch(() => {});
    },
    pushDelayMs: ctx.pushDelayMs ?? AUTOSAVE_DEBOUNCE_MS,
    log,
    claims,
  });

  const images = createImageService({
    db,
    dataDir: ctx.dataDir,
    letters: store,
    session,
    platformUrl: ctx.platform.url,
    emit: ctx.emit,
    letterSaved: () => sync.localChange(),
    log,
  });
  const previews = createPreviewService({ platformUrl: ctx.platform.url, findChannel: session.findChannel });
  const inbox = createInboxService({ previews });
  const handlers = {
    ...appHandlers({ session, sync }),
    ...letterHandlers({ store, session, sync, client }),
    ...syncHandlers(sync),
    ...claimHandlers({ store, session, client, claims }),
    ...segmentHandlers({ session, client, kv }),
    ...localMailboxHandlers({ session, client }),
    ...lifecycleHandlers({ store, session, sync, client, previews }),
    ...featureFlagHandlers({ session, client, kv }),
    ...openGraphHandlers({ platformUrl: ctx.platform.url }),
    ...imageHandlers(images),
    ...letterImportHandlers({ store, session, sync, images }),
    ...renderHandlers({ store, previews, inbox }),
    ...reportHandlers({ session, client, store, cache: createReportCache(db), log }),
    ...dashboardHandlers({ session, client, cache: createDashboardCache(db), log }),
    ...letterDeletionHandlers({ store, session, sync, client, emit: ctx.emit }),
    ...letterMetricsHandlers({ session, client }),
    ...channelSettingsHandlers({ session, client }),
    ...sendingHandlers({ session, client }),
    ...automationHandlers({ store, session, client }),
    ...aiAssistantHandlers({ session, client, emit: ctx.emit }),
    ...linkContentHandlers({ session, client }),
    ...pollHandlers({ session, client }),
    ...audienceHandlers({ session, client }),
    ...curationHandlers({ session, client, hearts }),
    ...promotionHandlers({ session, client }),
    ...promotionPreviewHandlers({ store, previews, session, client }),
    ...previewAsHandlers({ store, session, sync, client, previews, kv, platformUrl: ctx.platform.url }),
    ...letterHistoryHandlers({ store, versions: createLetterVersionsStore(db), session, client }),
  };
  sync.start();
  hearts.start();
  // A day's work at most is at stake if the cache file is ever damaged; never in the way of starting.
  const backup = backupIfDue(ctx.dataDir).catch((error: unknown) => log('Backup failed', error));
  images.start();

  return {
    handlers,
    dispatch: createDispatch(handlers, (error) => log('Handler failed', error)),
    async close() {
      await backup;
      await images.stop();
      await sync.stop();
      await hearts.stop();
      await db.destroy();
    },
  };
}

import { AppError } from '../../../shared/contract/errors';
import type { PlatformClient } from '../platform/platform-client';
import { PlatformError } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { KvStore } from '../store/kv-store';
import { backoffMs } from './backoff';

// Hearts (the curated flag) set while the platform could not be reached (spec 3 §4: flipped
// locally first, then saved). The letters outbox is keyed to letters, so they wait in the
// cache's kv table, written before anything else so they survive a restart. They are sent
// on the next curation call, when the sync engine finds the platform again, at start, and
// by their own timer, which tries again with the sync engine's backoff while any wait.

const PENDING_KEY = 'curation.pendingCurated';

export interface PendingHeart {
  brandSlug: string;
  channelSlug: string;
  id: number;
  curated: boolean;
}
type Pending = Record<string, PendingHeart>;

const keyOf = (heart: { brandSlug: string; channelSlug: string; id: number }) => `${heart.brandSlug}/${heart.channelSlug}/${heart.id}`;

export function createHeartOutbox(deps: { session: SessionService; client: PlatformClient; kv: KvStore; log?: (message: string, error?: unknown) => void }) {
  const { session, client, kv } = deps;
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let stopped = false;

  const pending = async (): Promise<Pending> => (await kv.get<Pending>(PENDING_KEY)) ?? {};

  function retryLater() {
    if (stopped) return;
    failures += 1;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void outbox.flush().catch((error: unknown) => deps.log?.('Waiting hearts could not be sent', error));
    }, backoffMs(failures));
    timer.unref?.();
  }

  /** Whether the platform may answer later (so the heart keeps waiting). */
  const worthRetrying = (error: unknown) =>
    (error instanceof PlatformError && (error.kind === 'network' || error.isUnauthorized || (error.status ?? 0) >= 500)) ||
    (error instanceof AppError && error.code === 'offline');

  async function flushOnce(): Promise<void> {
    const waiting = Object.values(await pending());
    if (waiting.length === 0) return;
    if (!(await session.ensureSignedIn().catch(() => false))) return retryLater();
    for (const heart of waiting) {
      try {
        await client.curation.updateAggregate(heart.brandSlug, heart.channelSlug, heart.id, { curated: heart.curated });
      } catch (error) {
        if (worthRetrying(error)) return retryLater();
        // Refused (the article is gone): nothing to wait for.
        deps.log?.(`A curated flag could not be saved and was dropped: ${keyOf(heart)}`, error);
      }
      const now = await pending();
      // Unless the editor changed it again meanwhile.
      if (now[keyOf(heart)]?.curated === heart.curated) {
        delete now[keyOf(heart)];
        await kv.set(PENDING_KEY, now);
      }
    }
    failures = 0;
  }

  const outbox = {
    pending,
    keyOf,
    /** Keeps the heart here first, then tries to send every waiting one. */
    async put(heart: PendingHeart): Promise<void> {
      const now = await pending();
      now[keyOf(heart)] = heart;
      await kv.set(PENDING_KEY, now);
    },
    /** Sends the hearts waiting here, in the order set; stops at the first the platform cannot take now. */
    flush(): Promise<void> {
      if (stopped) return Promise.resolve();
      flushing ??= flushOnce().finally(() => {
        flushing = null;
      });
      return flushing;
    },
    start() {
      void outbox.flush().catch((error: unknown) => deps.log?.('Waiting hearts could not be sent', error));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await flushing?.catch(() => {});
    },
  };
  return outbox;
}

export type HeartOutbox = ReturnType<typeof createHeartOutbox>;

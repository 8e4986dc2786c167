import type { EmitEvent } from '../../../shared/contract/bridge';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { KvStore } from '../store/kv-store';

// Follows the platform's delivery events (a scheduled send started, finished, stopped) and
// hands each new one to the hosts, which notify the editor. The cursor is kept per account
// like the letters' cursor. A first run starts from now: an account's past sends are not
// news. Events older than a day are passed over after a long time away, since the letter's
// status already tells that story.

export const DELIVERY_NOTICE_MAX_AGE_MS = 24 * 60 * 60_000;

export interface DeliveryFeedOptions {
  client: PlatformClient;
  kv: KvStore;
  emit: EmitEvent;
  log: (message: string, detail?: unknown) => void;
}

export function createDeliveryFeed({ client, kv, emit, log }: DeliveryFeedOptions) {
  /** An older platform without the feed answers 404: said once, then not asked again this run. */
  let unsupported = false;
  /** Whether the platform keeps emails in its local mailbox (no mail server): asked once, when there is news. */
  let keptLocally: boolean | null = null;

  async function keptInLocalMailbox(): Promise<boolean | undefined> {
    if (keptLocally !== null) return keptLocally;
    try {
      keptLocally = !(await client.localMailbox()).smtpConfigured;
      return keptLocally;
    } catch (error) {
      // The notice then says what it always said; the next event asks again.
      log('Could not ask the platform whether it has a mail server', error);
      return undefined;
    }
  }

  return {
    /** Throws what the platform client throws, except an absent feed. */
    async pull(accountKey: string, now: () => Date, stopped: () => boolean): Promise<void> {
      if (unsupported) return;
      const cursorKey = `delivery.cursor.${accountKey}`;
      try {
        let since = await kv.get<string>(cursorKey);
        if (since === null) {
          await kv.set(cursorKey, (await client.deliveryEvents('now')).cursor);
          return;
        }
        let more = true;
        while (more && !stopped()) {
          const page = await client.deliveryEvents(since);
          const oldest = now().getTime() - DELIVERY_NOTICE_MAX_AGE_MS;
          for (const event of page.items) {
            if (Date.parse(event.at) < oldest) continue;
            const kept = await keptInLocalMailbox();
            emit('delivery.event', kept === undefined ? event : { ...event, keptInLocalMailbox: kept });
          }
          // After the events are out: a crash in between repeats a notice rather than losing one.
          await kv.set(cursorKey, page.cursor);
          since = page.cursor;
          more = page.hasMore;
        }
      } catch (error) {
        if (!(error instanceof PlatformError && error.status === 404)) throw error;
        unsupported = true;
        log('The platform has no delivery events: scheduled sends will not be notified');
      }
    },
  };
}

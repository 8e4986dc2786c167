import { ITERABLE_ESP } from '../../shared/rules/merge-tag';
import type { EmailProvider } from './email-provider';
import { readIterableEvents } from './iterable-events';
import { sendThroughIterable } from './iterable-send';
import type { IterableSettings } from './iterable-settings';

// Iterable as an EmailProvider (esp 1): sends through Iterable's campaigns (iterable-send.ts)
// and reads their events back (iterable-events.ts), with the organization's own key.

export function createIterableProvider(settings: IterableSettings): EmailProvider {
  return {
    esp: ITERABLE_ESP,
    sendEdition: (ctx, job, started) => sendThroughIterable(settings, ctx, job, started),
    readEvents: (db, letterId) => readIterableEvents(settings, db, letterId),
  };
}

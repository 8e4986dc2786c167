import { describe, expect, it, vi } from 'vitest';
import type { DeliveryEvent } from '../../../shared/contract/platform-delivery-events';
import type { Letter } from '../../../shared/model/letter';
import { PublicationStatus } from '../../../shared/model/publication';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// News of scheduled sends through the core, against a real platform whose delivery job
// sends to its local mailbox: the core hands each event on once, in order, and a core that
// starts after a send does not announce it.

const testPlatform = useTestPlatform();
const { platform, tempDir } = testPlatform;

function tomorrowAtTen(): string {
  const day = new Date(Date.now() + 36 * 3600 * 1000);
  return `${day.toISOString().slice(0, 10)} 10:00:00`;
}

async function scheduledLetter(core: Awaited<ReturnType<typeof testPlatform.openCore>>['core'], title: string): Promise<Letter> {
  const letter = await call<Letter>(core, 'letters.create', WEEKLY);
  await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title } });
  await call(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
  await call(core, 'letters.saveLocal', {
    uniqueId: letter.uniqueId,
    changes: { subtitle: 'This week', segmentId: 0, segmentName: 'All active subscribers', publicationDate: tomorrowAtTen(), openGraphHeadline: title },
  });
  return call<Letter>(core, 'letters.schedule', { uniqueId: letter.uniqueId });
}

const deliveryEvents = (events: Array<{ event: string; payload: unknown }>) =>
  events.filter((e) => e.event === 'delivery.event').map((e) => e.payload as DeliveryEvent);

/**
 * Pulls until the feed has handed on `count` events. The feed holds an event back while any
 * older transaction is still open (delivery-events.ts), and on a busy machine one of the
 * platform's own (a queue's poll) can be, so one pull right after the send may hand on nothing yet.
 */
async function pullUntil(core: Parameters<typeof call>[0], events: Array<{ event: string; payload: unknown }>, count: number) {
  await vi.waitFor(
    async () => {
      await call(core, 'sync.now', {});
      expect(deliveryEvents(events).length).toBeGreaterThanOrEqual(count);
    },
    { timeout: 15_000, interval: 200 },
  );
}

describe('delivery news', () => {
  it('hands on a send starting and finishing once each, and the letter reads published', async () => {
    const dataDir = tempDir();
    const { core, events } = await testPlatform.openCore({}, dataDir);
    // The first pull starts the feed from now. It comes before anything asked who the user
    // is, as the app's first background pull can: the feed is still the user's.
    await call(core, 'sync.now', {});
    await call(core, 'app.session', {});
    const letter = await scheduledLetter(core, 'Market day');

    await platform().runDueDeliveries([letter.id!]);
    await pullUntil(core, events, 2);
    // Pulling again hands on nothing twice.
    await call(core, 'sync.now', {});

    const news = deliveryEvents(events);
    expect(news.map((e) => e.kind)).toEqual(['started', 'sent']);
    expect(news.every((e) => e.letterUniqueId === letter.uniqueId && e.title === 'Market day')).toBe(true);
    expect(news[1]!.recipients).toBeGreaterThan(0);
    expect(news[1]!.delivered).toBe(news[1]!.recipients);
    // The test platform has no SMTP server: the core says the emails stayed in its local mailbox.
    expect(news.map((e) => (e as DeliveryEvent & { keptInLocalMailbox?: boolean }).keptInLocalMailbox)).toEqual([true, true]);
    const local = await call<Letter>(core, 'letters.get', { ...WEEKLY, id: letter.uniqueId });
    expect(local.publicationStatus).toBe(PublicationStatus.published);
  });

  it('does not announce sends from before its first connection', async () => {
    const first = await testPlatform.openCore();
    await call(first.core, 'app.session', {});
    const letter = await scheduledLetter(first.core, 'Sent before');
    await platform().runDueDeliveries([letter.id!]);

    const { core, events } = await testPlatform.openCore({}, tempDir());
    await call(core, 'app.session', {});
    await call(core, 'sync.now', {});
    await call(core, 'sync.now', {});
    expect(deliveryEvents(events)).toEqual([]);
    expect((await call<Letter>(core, 'letters.get', { ...WEEKLY, id: letter.uniqueId })).publicationStatus).toBe(PublicationStatus.published);
  });
});

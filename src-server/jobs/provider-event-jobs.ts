import type PgBoss from 'pg-boss';
import { z } from 'zod';

// The queue that reads a provider's events for a sent letter (providers/email-provider.ts
// readEvents): the delivery sweep (every minute) queues a read for each letter whose next
// read is due, one waiting job per letter (the queue's 'short' policy and the letter's key).
// A read that fails is not retried by pg-boss: the letter's next read stays due, and the
// next sweep queues it again.

export const PROVIDER_EVENTS_QUEUE = 'provider-events';
export const ProviderEventsJobSchema = z.object({ letterId: z.number().int().positive(), esp: z.number().int().nonnegative() });
export type ProviderEventsJob = z.infer<typeof ProviderEventsJobSchema>;

export async function createProviderEventsQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(PROVIDER_EVENTS_QUEUE, { name: PROVIDER_EVENTS_QUEUE, policy: 'short' });
}

export async function queueProviderEvents(boss: PgBoss, job: ProviderEventsJob): Promise<string | null> {
  return boss.send(PROVIDER_EVENTS_QUEUE, job, { singletonKey: `events-${job.letterId}`, retryLimit: 0, expireInSeconds: 10 * 60 });
}

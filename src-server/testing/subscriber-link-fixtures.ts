import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { SubscriberStatus } from '../db/schema';

// Subscribers for the public unsubscribe and opt-out page tests, by the unique id their
// email links carry, and what those pages may have changed about them.

export async function addLinkedSubscriber(
  db: Db,
  input: { channelId: number; email: string; status?: SubscriberStatus; tags?: string[] },
): Promise<string> {
  const uniqueId = randomUUID();
  await db
    .insertInto('subscribers')
    .values({
      channelId: input.channelId,
      uniqueId,
      email: input.email,
      firstName: '',
      lastName: '',
      status: input.status ?? 'active',
      tags: input.tags ?? [],
      customFields: toJson({}),
    })
    .execute();
  return uniqueId;
}

export async function linkedSubscriberState(db: Db, uniqueId: string) {
  return db
    .selectFrom('subscribers')
    .select(['status', 'behaviourOptOut', 'unsubscribedByLinkAt'])
    .where('uniqueId', '=', uniqueId)
    .executeTakeFirstOrThrow();
}

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createAccount } from '../db/accounts';
import type { AccountFixture } from '../db/accounts';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { signIn } from './test-app';
import type { TestApp } from './test-app';

// Fixtures shared by the audience, feature-flag and merge-tag route tests.

export interface Rival {
  account: AccountFixture;
  headers: { authorization: string };
}

/** A second tenant with its own brand 'rival', channel 'daily' and signed-in owner. */
export async function createRival(t: TestApp): Promise<Rival> {
  const account = await createAccount(t.db, {
    tenantName: 'Rival',
    brandSlug: 'rival',
    channelSlug: 'daily',
    email: 'owner@rival.test',
    password: 'rival-password',
  });
  return { account, headers: await signIn(t.app, 'owner@rival.test', 'rival-password') };
}

export async function channelIdOf(db: Db, brandSlug: string, channelSlug: string): Promise<number> {
  const row = await db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .select('channels.id')
    .where('organizations.slug', '=', brandSlug)
    .where('channels.slug', '=', channelSlug)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A letter row as the platform stores it, without going through the letters API. */
export async function insertLetter(
  db: Db,
  input: { channelId: number; title?: string; status?: number; segmentId?: number | null; esp?: number },
): Promise<number> {
  const result = await sql<{ id: number }>`
    INSERT INTO letters (unique_id, channel_id, version, title, settings, publication_status, segment_id, esp)
    VALUES (${randomUUID()}, ${input.channelId}, 1, ${input.title ?? 'A letter'}, ${toJson({})}::jsonb,
            ${input.status ?? 0}, ${input.segmentId ?? null}, ${input.esp ?? 0})
    RETURNING id`.execute(db);
  return result.rows[0]!.id;
}

export async function insertSubscriber(
  db: Db,
  input: {
    channelId: number;
    email: string;
    status?: 'active' | 'unsubscribed' | 'bounced';
    firstName?: string;
    lastName?: string;
    tags?: string[];
    customFields?: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insertInto('subscribers')
    .values({
      channelId: input.channelId,
      uniqueId: randomUUID(),
      email: input.email,
      firstName: input.firstName ?? '',
      lastName: input.lastName ?? '',
      status: input.status ?? 'active',
      tags: input.tags ?? [],
      customFields: toJson(input.customFields ?? {}),
    })
    .execute();
}

/** A segment of the channel's subscribers who carry `tag`; answers its id. */
export async function insertTagSegment(db: Db, channelId: number, tag: string, isEngagementSegment = false): Promise<number> {
  const criteria = { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: tag }] };
  const segment = await db
    .insertInto('segments')
    .values({ channelId, name: `Audience ${tag}`, criteria: toJson(criteria), isEngagementSegment })
    .returning('id')
    .executeTakeFirstOrThrow();
  return segment.id;
}

/** Every subscriber and segment row, to prove a refused call changed nothing. */
export async function audienceSnapshot(db: Db): Promise<unknown> {
  const [subscribers, segments] = await Promise.all([
    db.selectFrom('subscribers').selectAll().orderBy('id').execute(),
    db.selectFrom('segments').selectAll().orderBy('id').execute(),
  ]);
  return { subscribers, segments };
}

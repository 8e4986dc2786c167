import type { Db } from '../db/database';
import type { ChannelRow, MembershipRole } from '../db/schema';
import { forbidden, notFound } from './errors';

// Whether the caller may touch a brand's channel: a membership in the brand
// (organization) is the only way in. Another tenant's brand answers 403, never its data.

export interface ChannelAccess {
  channel: ChannelRow;
  brandSlug: string;
  role: MembershipRole;
}

const NO_ACCESS = 'You do not have access to this channel.';
const NO_CHANNEL = 'This channel does not exist.';

export async function channelBySlugs(db: Db, userId: number, brandSlug: string, channelSlug: string): Promise<ChannelAccess> {
  // One query for brand, membership and channel: every call addressed by slugs starts here,
  // and each round trip to PostgreSQL costs more than the rows (issue 23).
  const found = await db
    .selectFrom('organizations')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', userId),
    )
    .leftJoin('channels', (join) => join.onRef('channels.organizationId', '=', 'organizations.id').on('channels.slug', '=', channelSlug))
    .selectAll('channels')
    .select(['memberships.role'])
    .where('organizations.slug', '=', brandSlug)
    .executeTakeFirst();
  if (!found) throw notFound('This brand does not exist.');
  const { role, ...channel } = found;
  if (!role) throw forbidden(NO_ACCESS);
  if (channel.id === null) throw notFound(NO_CHANNEL);
  return { channel: channel as ChannelRow, brandSlug, role };
}

export async function channelById(db: Db, userId: number, channelId: number): Promise<ChannelAccess> {
  const found = await db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', userId),
    )
    .selectAll('channels')
    .select(['organizations.slug as brandSlug', 'memberships.role'])
    .where('channels.id', '=', channelId)
    .executeTakeFirst();
  if (!found) throw notFound(NO_CHANNEL);
  const { brandSlug, role, ...channel } = found;
  if (!role) throw forbidden(NO_ACCESS);
  return { channel, brandSlug, role };
}

/**
 * The caller's channels with this slug. Slugs are unique within a brand only (every
 * tenant has a `company`), so paths that name a channel by slug alone look among the
 * brands the caller belongs to; another tenant's channel is simply not there (404).
 */
export async function channelsBySlug(db: Db, userId: number, channelSlug: string): Promise<ChannelAccess[]> {
  const found = await db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', userId),
    )
    .selectAll('channels')
    .select(['organizations.slug as brandSlug', 'memberships.role'])
    .where('channels.slug', '=', channelSlug)
    .orderBy('channels.id')
    .execute();
  if (found.length === 0) throw notFound(NO_CHANNEL);
  return found.map(({ brandSlug, role, ...channel }) => ({ channel, brandSlug, role }));
}

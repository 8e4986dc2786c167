import type { Generated } from 'kysely';
import { isBrandFlag, type FeatureFlagName } from '../../shared/model/feature-flags';
import type { Db } from '../db/database';

// Feature flags (migration 0003). A row turns a flag on or off for a tenant (no brand),
// a brand (no channel) or a channel; the most specific row wins and no row means off. The
// flags the spec gates by brand ids (BRAND_FLAGS) are never set per channel, and a channel
// row for one (written by hand) is not read.
// The table is typed here through `withTables` so this module carries its own schema.

export interface FeatureFlagsTable {
  id: Generated<number>;
  name: string;
  tenantId: number;
  organizationId: number | null;
  channelId: number | null;
  enabled: boolean;
  updatedAt: Generated<Date>;
}

function flags(db: Db) {
  return db.withTables<{ featureFlags: FeatureFlagsTable }>();
}

export type FlagScope = { tenantId: number } | { organizationId: number } | { channelId: number };

export interface FlagContext {
  tenantId: number;
  organizationId: number;
  channelId?: number;
}

/** Sets a flag at one scope, replacing what that scope said before. */
export async function setFeatureFlag(db: Db, name: FeatureFlagName, scope: FlagScope, enabled: boolean): Promise<void> {
  if ('channelId' in scope && isBrandFlag(name)) throw new Error(`The ${name} flag is set per brand, not per channel.`);
  const target = await resolveScope(db, scope);
  await flags(db)
    .insertInto('featureFlags')
    .values({ name, ...target, enabled })
    .onConflict((conflict) =>
      conflict
        .columns(['name', 'tenantId', 'organizationId', 'channelId'])
        .doUpdateSet({ enabled, updatedAt: new Date() }),
    )
    .execute();
}

export async function isFeatureEnabled(db: Db, name: FeatureFlagName, context: FlagContext): Promise<boolean> {
  const rows = await flags(db)
    .selectFrom('featureFlags')
    .select(['organizationId', 'channelId', 'enabled'])
    .where('name', '=', name)
    .where('tenantId', '=', context.tenantId)
    .where((eb) =>
      eb.or([
        eb('organizationId', 'is', null),
        eb.and([eb('organizationId', '=', context.organizationId), eb('channelId', 'is', null)]),
        ...(context.channelId === undefined || isBrandFlag(name)
          ? []
          : [eb.and([eb('organizationId', '=', context.organizationId), eb('channelId', '=', context.channelId)])]),
      ]),
    )
    .execute();
  const specificity = (row: { organizationId: number | null; channelId: number | null }) =>
    row.channelId !== null ? 2 : row.organizationId !== null ? 1 : 0;
  const winner = rows.sort((a, b) => specificity(b) - specificity(a))[0];
  return winner?.enabled ?? false;
}

async function resolveScope(db: Db, scope: FlagScope) {
  if ('channelId' in scope) {
    const channel = await db
      .selectFrom('channels')
      .select(['tenantId', 'organizationId'])
      .where('id', '=', scope.channelId)
      .executeTakeFirstOrThrow();
    return { tenantId: channel.tenantId, organizationId: channel.organizationId, channelId: scope.channelId };
  }
  if ('organizationId' in scope) {
    const brand = await db
      .selectFrom('organizations')
      .select('tenantId')
      .where('id', '=', scope.organizationId)
      .executeTakeFirstOrThrow();
    return { tenantId: brand.tenantId, organizationId: scope.organizationId, channelId: null };
  }
  return { tenantId: scope.tenantId, organizationId: null, channelId: null };
}

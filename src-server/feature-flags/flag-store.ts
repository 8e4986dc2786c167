import type { Generated } from 'kysely';
import { DEFAULT_ON_FEATURE_FLAGS, FEATURE_FLAG_NAMES, isBrandFlag, type FeatureFlagName } from '../../shared/model/feature-flags';
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

/**
 * A new organization's flags (issue 37): on at the brand for every feature that works on
 * its own (DEFAULT_ON_FEATURE_FLAGS), so a first-time editor meets polls, UTM tracking and
 * the rest without asking anyone; the rest stay off (no row).
 */
export async function setDefaultFlags(db: Db, organization: { tenantId: number; organizationId: number }): Promise<void> {
  if (DEFAULT_ON_FEATURE_FLAGS.length === 0) return;
  await flags(db)
    .insertInto('featureFlags')
    .values(DEFAULT_ON_FEATURE_FLAGS.map((name) => ({ name, tenantId: organization.tenantId, organizationId: organization.organizationId, channelId: null, enabled: true })))
    .onConflict((conflict) => conflict.columns(['name', 'tenantId', 'organizationId', 'channelId']).doNothing())
    .execute();
}

/** Every flag as the organization has it (its own setting, else its tenant's, else off), in the product's order. */
export async function organizationFlags(db: Db, context: { tenantId: number; organizationId: number }): Promise<Array<{ name: FeatureFlagName; enabled: boolean }>> {
  return Promise.all(FEATURE_FLAG_NAMES.map(async (name) => ({ name, enabled: await isFeatureEnabled(db, name, context) })));
}

/**
 * The organization's switch for a flag (Settings → Features): sets it at the brand and
 * clears its channels' own settings of that flag, so the switch decides for every channel
 * of the organization as it shows.
 */
export async function setOrganizationFlag(db: Db, name: FeatureFlagName, organizationId: number, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setFeatureFlag(trx, name, { organizationId }, enabled);
    await flags(trx).deleteFrom('featureFlags').where('name', '=', name).where('organizationId', '=', organizationId).where('channelId', 'is not', null).execute();
  });
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

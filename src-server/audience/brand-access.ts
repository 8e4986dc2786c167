import type { Db } from '../db/database';
import type { MembershipRole } from '../db/schema';
import { forbidden, notFound } from '../http/errors';

// Calls named by a brand alone (the audience picker, feature flags) need the same rule as
// http/access.ts: a membership in the brand, checked before anything else is looked up.

export interface BrandAccess {
  organizationId: number;
  tenantId: number;
  role: MembershipRole;
}

export const NO_BRAND_ACCESS = 'You do not have access to this brand.';
export const NO_CHANNEL = 'This channel does not exist.';

export async function brandBySlug(db: Db, userId: number, brandSlug: string): Promise<BrandAccess> {
  const brand = await db
    .selectFrom('organizations')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', userId),
    )
    .select(['organizations.id', 'organizations.tenantId', 'memberships.role'])
    .where('organizations.slug', '=', brandSlug)
    .executeTakeFirst();
  if (!brand) throw notFound('This brand does not exist.');
  if (!brand.role) throw forbidden(NO_BRAND_ACCESS);
  return { organizationId: brand.id, tenantId: brand.tenantId, role: brand.role };
}

/**
 * Array query values arrive as `name[]=a&name[]=b` (spec 3 §3) or repeated `name=a`; an
 * empty value (`name[]=`) stands for an empty array.
 */
export function queryList(query: unknown, name: string): string[] {
  const record = (query ?? {}) as Record<string, unknown>;
  const raw = [record[`${name}[]`], record[name]].flat();
  return raw
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** The query without its array keys, for a schema that reads them separately. */
export function queryScalars(query: unknown, arrays: readonly string[]): Record<string, unknown> {
  const record = { ...((query ?? {}) as Record<string, unknown>) };
  for (const name of arrays) {
    delete record[name];
    delete record[`${name}[]`];
  }
  return record;
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords';
import { setDefaultFlags } from '../feature-flags/flag-store';
import { toJson } from './database';
import type { Database, MembershipRole } from './schema';

// Creating tenants, brands, channels and people. Used by the demo seed and by tests that
// need a second tenant; a sign-up or admin area will call these too.

type Executor = Kysely<Database>;

export async function createTenant(db: Executor, name: string): Promise<{ id: number }> {
  return db.insertInto('tenants').values({ name }).returning('id').executeTakeFirstOrThrow();
}

export async function createOrganization(
  db: Executor,
  input: { tenantId: number; slug: string; name: string },
): Promise<{ id: number }> {
  const organization = await db.insertInto('organizations').values(input).returning('id').executeTakeFirstOrThrow();
  await setDefaultFlags(db, { tenantId: input.tenantId, organizationId: organization.id });
  return organization;
}

export interface NewChannel {
  tenantId: number;
  organizationId: number;
  slug: string;
  title: string;
  timezone?: string;
  accentColor?: string;
  defaultStyleBaseFontSize?: number;
  channelSquareLogo?: string | null;
  channelName?: string;
  contact?: Partial<{
    company: string;
    addressLine1: string;
    addressLine2: string;
    city: string;
    region: string;
    postalCode: string;
    country: string;
  }>;
  esp?: number;
  settings?: Record<string, unknown>;
}

export async function createChannel(db: Executor, input: NewChannel): Promise<{ id: number }> {
  const contact = input.contact ?? {};
  return db
    .insertInto('channels')
    .values({
      tenantId: input.tenantId,
      organizationId: input.organizationId,
      slug: input.slug,
      title: input.title,
      timezone: input.timezone ?? 'UTC',
      accentColor: input.accentColor ?? '#228be6',
      defaultStyleBaseFontSize: input.defaultStyleBaseFontSize ?? 16,
      channelSquareLogo: input.channelSquareLogo ?? null,
      channelName: input.channelName ?? input.title,
      contactCompany: contact.company ?? '',
      contactAddressLine1: contact.addressLine1 ?? '',
      contactAddressLine2: contact.addressLine2 ?? '',
      contactCity: contact.city ?? '',
      contactRegion: contact.region ?? '',
      contactPostalCode: contact.postalCode ?? '',
      contactCountry: contact.country ?? '',
      esp: input.esp ?? 0,
      settings: toJson(input.settings ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function createUser(
  db: Executor,
  input: { email: string; password: string; name: string; surname: string },
): Promise<{ id: number; uniqueId: string }> {
  return db
    .insertInto('users')
    .values({
      uniqueId: randomUUID(),
      email: normalizeEmail(input.email),
      name: input.name,
      surname: input.surname,
      passwordHash: await hashPassword(input.password),
    })
    .returning(['id', 'uniqueId'])
    .executeTakeFirstOrThrow();
}

export async function addMembership(
  db: Executor,
  input: { userId: number; organizationId: number; role: MembershipRole },
): Promise<void> {
  await db.insertInto('memberships').values(input).execute();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface AccountFixture {
  tenantId: number;
  organizationId: number;
  channelId: number;
  userId: number;
  userUniqueId: string;
}

/** A tenant with one brand, one channel and its owner, all in one transaction. */
export async function createAccount(
  db: Executor,
  input: { tenantName: string; brandSlug: string; channelSlug: string; email: string; password: string },
): Promise<AccountFixture> {
  return db.transaction().execute(async (trx) => {
    const tenant = await createTenant(trx, input.tenantName);
    const organization = await createOrganization(trx, {
      tenantId: tenant.id,
      slug: input.brandSlug,
      name: input.tenantName,
    });
    const channel = await createChannel(trx, {
      tenantId: tenant.id,
      organizationId: organization.id,
      slug: input.channelSlug,
      title: input.channelSlug,
    });
    const user = await createUser(trx, { email: input.email, password: input.password, name: 'Owner', surname: '' });
    await addMembership(trx, { userId: user.id, organizationId: organization.id, role: 'owner' });
    return {
      tenantId: tenant.id,
      organizationId: organization.id,
      channelId: channel.id,
      userId: user.id,
      userUniqueId: user.uniqueId,
    };
  });
}

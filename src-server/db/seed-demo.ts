import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import { addMembership, createChannel, createOrganization, createTenant, createUser } from './accounts';
import type { Db } from './database';
import { toJson } from './database';
import { EMBEDDED_ACCOUNT } from '../../shared/contract/platform-api';
import type { SegmentCriteria } from '../../shared/contract/platform-audience';

// The demo account a fresh local platform starts with, so the desktop app has somewhere
// to sign in (DECISIONS: "The embedded local server creates one owner account").

export const DEMO_BRAND_SLUG = 'demo';
export const DEMO_CHANNEL_SLUG = 'weekly';
export const DEMO_EMAIL = EMBEDDED_ACCOUNT.email;
export const DEMO_PASSWORD = EMBEDDED_ACCOUNT.password;

/** Serialises seeding between instances starting together ("LDSD"). */
const SEED_LOCK_KEY = 0x4c445344;

const demoContact = {
  company: 'Demo Media',
  addressLine1: '123 Main Street',
  city: 'New York',
  region: 'NY',
  postalCode: '10001',
  country: 'United States',
};

const demoSubscribers = [
  { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', status: 'active', tags: ['vip'] },
  { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', status: 'active', tags: ['engaged'] },
  { email: 'alan@example.com', firstName: 'Alan', lastName: 'Turing', status: 'active', tags: [] },
  { email: 'katherine@example.com', firstName: 'Katherine', lastName: 'Johnson', status: 'unsubscribed', tags: [] },
  { email: 'bounce@example.com', firstName: 'Bo', lastName: 'Unce', status: 'bounced', tags: [] },
] as const;

/** In the criteria language of shared/contract/platform-audience.ts: Ada and Grace. */
const DEMO_SEGMENT_CRITERIA: SegmentCriteria = {
  match: 'any',
  conditions: [
    { field: 'tag', op: 'has_tag', value: 'engaged' },
    { field: 'tag', op: 'has_tag', value: 'vip' },
  ],
};

/** Seeds the demo account into an empty database; does nothing when any tenant exists. */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${sql.lit(SEED_LOCK_KEY)})`.execute(trx);
    const existing = await trx.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
    if (existing) return { seeded: false };

    const tenant = await createTenant(trx, 'Demo');
    const brand = await createOrganization(trx, { tenantId: tenant.id, slug: DEMO_BRAND_SLUG, name: 'Demo' });
    const weekly = await createChannel(trx, {
      tenantId: tenant.id,
      organizationId: brand.id,
      slug: DEMO_CHANNEL_SLUG,
      title: 'The Weekly',
      channelName: 'The Weekly',
      timezone: 'America/New_York',
      accentColor: '#1c7ed6',
      defaultStyleBaseFontSize: 16,
      contact: demoContact,
      esp: 0,
    });
    // The tenant-wide company channel has to sit in some brand; the tenant's first one.
    await createChannel(trx, {
      tenantId: tenant.id,
      organizationId: brand.id,
      slug: COMPANY_CHANNEL_SLUG,
      title: 'Demo company',
      channelName: 'Demo',
      timezone: 'America/New_York',
      accentColor: '#495057',
      contact: demoContact,
      esp: 0,
    });
    const editor = await createUser(trx, { email: DEMO_EMAIL, password: DEMO_PASSWORD, name: 'Demo', surname: 'Editor' });
    await addMembership(trx, { userId: editor.id, organizationId: brand.id, role: 'owner' });

    await trx
      .insertInto('subscribers')
      .values(
        demoSubscribers.map((subscriber) => ({
          ...subscriber,
          tags: [...subscriber.tags],
          channelId: weekly.id,
          uniqueId: randomUUID(),
          customFields: toJson({ source: 'demo' }),
        })),
      )
      .execute();
    await trx
      .insertInto('segments')
      .values({
        channelId: weekly.id,
        name: 'Engaged readers',
        criteria: toJson(DEMO_SEGMENT_CRITERIA),
        isEngagementSegment: true,
      })
      .execute();
    return { seeded: true };
  });
}

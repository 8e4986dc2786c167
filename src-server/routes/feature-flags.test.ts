import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { OrganizationFeatureFlagsSchema } from '../../shared/contract/platform-audience';
import { DEFAULT_ON_FEATURE_FLAGS, FEATURE_FLAG_NAMES, FEATURE_FLAGS } from '../../shared/model/feature-flags';
import { addMembership, createUser } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { setFeatureFlag } from '../feature-flags/flag-store';
import { channelIdOf, createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
let editor: { authorization: string };
let weeklyId: number;
let companyId: number;
let demo: { tenantId: number; organizationId: number };
let rival: Rival;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
  companyId = await channelIdOf(t.db, 'demo', 'company');
  const brand = await t.db.selectFrom('organizations').select(['id', 'tenantId']).where('slug', '=', 'demo').executeTakeFirstOrThrow();
  demo = { tenantId: brand.tenantId, organizationId: brand.id };
  rival = await createRival(t);
});
afterAll(async () => {
  await t.close();
});

function lookup(name: string, query: string, headers = editor) {
  return t.app.inject({ method: 'GET', url: `${platformPaths.featureFlag(name)}?${query}`, headers });
}

async function enabled(name: string, query: string): Promise<boolean> {
  const response = await lookup(name, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { enabled: boolean }).enabled;
}

const withUser = `userUniqueId=u-1&email=${encodeURIComponent(DEMO_EMAIL)}&tenant=demo`;

describe('feature flag lookup', () => {
  it('is on in a new organization for every feature that works on its own, and off for global curation tags until set', async () => {
    for (const name of Object.values(FEATURE_FLAGS)) {
      expect(await enabled(name, `brandSlug=demo&channelId=${weeklyId}&${withUser}`)).toBe(name !== FEATURE_FLAGS.globalCurationTags);
    }
  });

  it('lets the channel win over the brand, and the brand over the tenant', async () => {
    const flag = FEATURE_FLAGS.globalCurationTags;
    await setFeatureFlag(t.db, flag, { tenantId: demo.tenantId }, true);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(true);
    expect(await enabled(flag, 'brandSlug=demo')).toBe(true);

    await setFeatureFlag(t.db, flag, { organizationId: demo.organizationId }, false);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(false);
    expect(await enabled(flag, 'brandSlug=demo')).toBe(false);

    await setFeatureFlag(t.db, flag, { channelId: weeklyId }, true);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(true);
    expect(await enabled(flag, `brandSlug=demo&channelId=${companyId}`)).toBe(false);
    expect(await enabled(flag, 'brandSlug=demo')).toBe(false);

    // Setting a scope again replaces its value rather than adding a row.
    await setFeatureFlag(t.db, flag, { channelId: weeklyId }, false);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(false);
    const rows = await sql<{ n: string }>`SELECT count(*) AS n FROM feature_flags WHERE name = ${flag}`.execute(t.db);
    expect(Number(rows.rows[0]!.n)).toBe(3);
  });

  it('keeps flags apart per flag name and per tenant', async () => {
    await setFeatureFlag(t.db, FEATURE_FLAGS.eventsBlock, { organizationId: rival.account.organizationId }, false);
    await setFeatureFlag(t.db, FEATURE_FLAGS.utmTracking, { organizationId: demo.organizationId }, false);
    expect(await enabled(FEATURE_FLAGS.eventsBlock, 'brandSlug=demo')).toBe(true);
    expect(await enabled(FEATURE_FLAGS.utmTracking, 'brandSlug=demo')).toBe(false);
    expect(await enabled(FEATURE_FLAGS.subjectGenerator, 'brandSlug=demo')).toBe(true);
    await setFeatureFlag(t.db, FEATURE_FLAGS.utmTracking, { organizationId: demo.organizationId }, true);
  });

  it("gates 'Image + Text columns' (and the events block) per brand: every channel of the brand alike, no channel on its own", async () => {
    const flag = FEATURE_FLAGS.imageTextColumnsLayout;
    await expect(setFeatureFlag(t.db, flag, { channelId: weeklyId }, true)).rejects.toThrow('The imageTextColumnsLayout flag is set per brand, not per channel.');
    await expect(setFeatureFlag(t.db, FEATURE_FLAGS.eventsBlock, { channelId: weeklyId }, true)).rejects.toThrow(/per brand/);
    // Off at both brands to start with, whatever a new organization's defaults are.
    await setFeatureFlag(t.db, flag, { organizationId: demo.organizationId }, false);
    await setFeatureFlag(t.db, flag, { organizationId: rival.account.organizationId }, false);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(false);

    // A channel row written by hand turns nothing on for that channel alone.
    await sql`INSERT INTO feature_flags (name, tenant_id, organization_id, channel_id, enabled)
              VALUES (${flag}, ${demo.tenantId}, ${demo.organizationId}, ${weeklyId}, true)`.execute(t.db);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(false);

    await setFeatureFlag(t.db, flag, { organizationId: demo.organizationId }, true);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(true);
    expect(await enabled(flag, `brandSlug=demo&channelId=${companyId}`)).toBe(true);
    expect(await enabled(flag, 'brandSlug=demo')).toBe(true);
    const otherBrand = await lookup(flag, `brandSlug=rival&channelId=${rival.account.channelId}`, rival.headers);
    expect(otherBrand.json()).toEqual({ enabled: false });

    // …nor off: the brand's word holds in each of its channels.
    await sql`UPDATE feature_flags SET enabled = false WHERE name = ${flag} AND channel_id = ${weeklyId}`.execute(t.db);
    expect(await enabled(flag, `brandSlug=demo&channelId=${weeklyId}`)).toBe(true);
  });

  it('answers 404 for a flag the product does not know, and 422 without a brand', async () => {
    const unknown = await lookup('pollsEverywhere', 'brandSlug=demo');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Unknown feature flag 'pollsEverywhere'.");
    const noBrand = await lookup(FEATURE_FLAGS.utmTracking, '');
    expect(noBrand.statusCode).toBe(422);
    expect(noBrand.json().errors).toHaveProperty('brandSlug');
  });

  it('refuses, in the database, a flag row that ties a channel to another brand', async () => {
    await expect(
      sql`INSERT INTO feature_flags (name, tenant_id, organization_id, channel_id, enabled)
          VALUES ('utmTracking', ${rival.account.tenantId}, ${rival.account.organizationId}, ${weeklyId}, true)`.execute(t.db),
    ).rejects.toThrow(/foreign key/);
  });
});

describe('tenancy', () => {
  it("answers another tenant's user 403 for brand 'demo' and 404 for demo's channel under their brand", async () => {
    await setFeatureFlag(t.db, FEATURE_FLAGS.globalCurationTags, { channelId: weeklyId }, true);
    const demoBrand = await lookup(FEATURE_FLAGS.globalCurationTags, `brandSlug=demo&channelId=${weeklyId}`, rival.headers);
    expect(demoBrand.statusCode).toBe(403);
    const ownBrand = await lookup(FEATURE_FLAGS.globalCurationTags, `brandSlug=rival&channelId=${weeklyId}`, rival.headers);
    expect(ownBrand.statusCode).toBe(404);
    expect(ownBrand.body).not.toContain('enabled');
    const theirs = await lookup(FEATURE_FLAGS.globalCurationTags, `brandSlug=rival&channelId=${rival.account.channelId}`, rival.headers);
    expect(theirs.json()).toEqual({ enabled: false });
  });
});

describe("an organization's features (Settings → Features)", () => {
  const list = (brand: string, headers = editor) => t.app.inject({ method: 'GET', url: platformPaths.organizationFeatureFlags(brand), headers });
  const put = (brand: string, name: string, payload: unknown, headers = editor) =>
    t.app.inject({ method: 'PUT', url: platformPaths.organizationFeatureFlag(brand, name), headers, payload: payload as object });

  it('starts a new organization with every feature that works on, and lets its owner switch them', async () => {
    const response = await list('rival', rival.headers);
    expect(response.statusCode, response.body).toBe(200);
    const body = OrganizationFeatureFlagsSchema.parse(response.json());
    expect(body.canChange).toBe(true);
    expect(body.items.map((item) => item.name)).toEqual(FEATURE_FLAG_NAMES);
    // The rival's eventsBlock and Image + Text columns were turned off above; everything else is the new organization's default.
    const turnedOff: string[] = [FEATURE_FLAGS.eventsBlock, FEATURE_FLAGS.imageTextColumnsLayout];
    expect(body.items.filter((item) => item.enabled).map((item) => item.name).sort()).toEqual(
      DEFAULT_ON_FEATURE_FLAGS.filter((name) => !turnedOff.includes(name)).sort(),
    );
    expect(DEFAULT_ON_FEATURE_FLAGS).toContain(FEATURE_FLAGS.composerPollBlock);
    expect(DEFAULT_ON_FEATURE_FLAGS).toContain(FEATURE_FLAGS.utmTracking);
  });

  it('sets a feature for the organization and every channel of it', async () => {
    // A channel's own setting is replaced by the organization's switch.
    await setFeatureFlag(t.db, FEATURE_FLAGS.composerPollBlock, { channelId: weeklyId }, true);
    const off = await put('demo', FEATURE_FLAGS.composerPollBlock, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ name: FEATURE_FLAGS.composerPollBlock, enabled: false });
    expect(await enabled(FEATURE_FLAGS.composerPollBlock, `brandSlug=demo&channelId=${weeklyId}`)).toBe(false);
    expect(await enabled(FEATURE_FLAGS.composerPollBlock, `brandSlug=demo&channelId=${companyId}`)).toBe(false);
    const listed = OrganizationFeatureFlagsSchema.parse((await list('demo')).json());
    expect(listed.items.find((item) => item.name === FEATURE_FLAGS.composerPollBlock)).toEqual({ name: FEATURE_FLAGS.composerPollBlock, enabled: false });

    const on = await put('demo', FEATURE_FLAGS.composerPollBlock, { enabled: true });
    expect(on.json()).toEqual({ name: FEATURE_FLAGS.composerPollBlock, enabled: true });
    expect(await enabled(FEATURE_FLAGS.composerPollBlock, `brandSlug=demo&channelId=${weeklyId}`)).toBe(true);
  });

  it("shows an editor the features without letting them change one; another tenant's owner neither", async () => {
    const user = await createUser(t.db, { email: 'editor@demo.test', password: 'editor-password', name: 'Ed', surname: 'Itor' });
    await addMembership(t.db, { userId: user.id, organizationId: demo.organizationId, role: 'editor' });
    const plainEditor = await signIn(t.app, 'editor@demo.test', 'editor-password');
    const seen = OrganizationFeatureFlagsSchema.parse((await list('demo', plainEditor)).json());
    expect(seen.canChange).toBe(false);
    expect(seen.items).toHaveLength(FEATURE_FLAG_NAMES.length);

    const refused = await put('demo', FEATURE_FLAGS.utmTracking, { enabled: false }, plainEditor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only owners and admins of the organization can change its features.');
    expect((await put('demo', FEATURE_FLAGS.utmTracking, { enabled: false }, rival.headers)).statusCode).toBe(403);
    expect((await list('demo', rival.headers)).statusCode).toBe(403);
    expect(await enabled(FEATURE_FLAGS.utmTracking, 'brandSlug=demo')).toBe(true);
  });

  it('answers 404 for a flag the product does not know and 422 without a yes or no', async () => {
    const unknown = await put('demo', 'pollsEverywhere', { enabled: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Unknown feature flag 'pollsEverywhere'.");
    const noAnswer = await put('demo', FEATURE_FLAGS.utmTracking, { enabled: 'yes' });
    expect(noAnswer.statusCode).toBe(422);
    expect(await enabled(FEATURE_FLAGS.utmTracking, 'brandSlug=demo')).toBe(true);
  });
});

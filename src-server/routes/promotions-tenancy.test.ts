import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createRival, type Rival } from '../testing/audience-fixtures';
import { fillPath, tableChecksums } from '../testing/hostile-input';
import { createWalkedApp, pathParamNames, type Route } from '../testing/route-walk';
import { signIn } from '../testing/test-app';

// Every promotion route (found as the app registers them), aimed at the demo
// organization's campaign, collateral and ad type, called by another tenant's owner and by
// an advertiser of the same organization who did not create the campaign. Each must
// answer 403 or 404 (or, for an organization-wide list an advertiser may read, nothing of
// the campaign) and change nothing.

const { t, routes } = await createWalkedApp();
const walked = routes.filter((route) => /promot/.test(route.url));

let rival: Rival;
let stranger: { authorization: string };
const target = { campaignId: 0, uniqueId: '', promotionId: 0, adTypeId: 0 };

beforeAll(async () => {
  rival = await createRival(t);
  const owner = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  const post = async (url: string, payload: object) => {
    const response = await t.app.inject({ method: 'POST', url, headers: owner, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };
  const adType = await post(promotionPaths.customizations('demo'), { title: 'Banner' });
  const campaign = await post(promotionPaths.campaigns('demo'), { title: 'Demo only campaign', promoterName: 'Demo only promoter', promoterEmail: 'demo-only@example.com' });
  const promotion = await post(promotionPaths.createCollateral(campaign.uniqueId), {
    headline: 'Demo only headline',
    callToAction: 'Go',
    callToActionUrl: 'https://example.com/demo-only',
    dates: ['2099-06-01'],
  });
  Object.assign(target, { campaignId: campaign.id, uniqueId: campaign.uniqueId, promotionId: promotion.id, adTypeId: adType.id });
  body.campaignUniqueId = campaign.uniqueId;
  body.data.campaignUniqueId = campaign.uniqueId;
  await post(promotionPaths.advertisers('demo'), { email: 'stranger@ads.example', name: 'Stranger', password: 'stranger-pass' });
  stranger = await signIn(t.app, 'stranger@ads.example', 'stranger-pass');
});
afterAll(async () => {
  await t.close();
});

function param(route: Route, name: string): string {
  if (name === 'org' || name === 'brand') return 'demo';
  if (name === 'channel') return 'weekly';
  if (name === 'uniqueId') return target.uniqueId;
  if (route.url.includes('/customizations/')) return String(target.adTypeId);
  if (route.url.includes('/campaigns/')) return String(target.campaignId);
  return String(target.promotionId);
}

const body = {
  title: 'Taken',
  // Collateral created by naming the campaign (promotion-collaterals/new, .../promotions/new).
  campaignUniqueId: '',
  status: 5,
  comment: 'x',
  message: 'x',
  headline: 'Taken',
  callToActionUrl: 'https://example.com/x',
  dates: ['2099-06-01'],
  email: 'new@ads.example',
  name: 'New',
  password: 'new-password',
  // POST {api2}/promotion-campaigns names its channel.
  channelSlug: 'weekly',
  // POST promotions and promotions/{ref}: the collateral in `data`, its campaign named there.
  data: { campaignUniqueId: '', headline: 'Taken', callToActionUrl: 'https://example.com/x', dates: ['2099-06-01'] },
};

/** Routes without path ids, aimed at the demo organization by their query. */
function query(route: Route): string {
  if (route.url === '/api/promotions') return '?channelSlug=weekly&dates[]=2099-06-01';
  if (route.url === '/api/promotions/promoters') return '?organization=demo';
  return '';
}

const PROMOTION_TABLES = ['promotion_campaigns', 'promotion_campaign_comments', 'promotions', 'promotion_messages', 'promotion_ad_types', 'promotion_advertisers', 'users', 'images'];

/** The shared checksums (letters, audience) and the promotion tables'. */
async function checksums(): Promise<unknown> {
  const promotionSums = await Promise.all(
    PROMOTION_TABLES.map(async (table) => {
      const { rows } = await sql<{ sum: string }>`SELECT count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS sum FROM ${sql.table(table)} t`.execute(t.db);
      return [table, rows[0]!.sum];
    }),
  );
  return { ...(await tableChecksums(t.db)), ...Object.fromEntries(promotionSums) };
}

/** An advertiser may start campaigns of their own: those routes are checked in promotions.test.ts. */
const ADVERTISER_MAY_CREATE = new Set([
  `POST ${decodeURIComponent(promotionPaths.campaigns(':org'))}`,
  `POST ${decodeURIComponent(promotionPaths.campaignScaffold(':org'))}`,
  `POST ${promotionPaths.channelCampaignCreate()}`,
]);

describe('promotion routes aimed at a campaign the caller may not touch', () => {
  it('walks every promotion route', () => {
    expect(walked.length).toBeGreaterThan(20);
  });

  for (const route of walked) {
    for (const who of ['rival owner', 'other advertiser'] as const) {
      if (who === 'other advertiser' && ADVERTISER_MAY_CREATE.has(`${route.method} ${route.url}`)) continue;
      it(`${route.method} ${route.url} as the ${who}`, async () => {
        const params = Object.fromEntries(pathParamNames(route).map((name) => [name, param(route, name)]));
        const before = await checksums();
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: `${fillPath(route.url, params)}${query(route)}`,
          headers: who === 'rival owner' ? rival.headers : stranger,
          ...(route.method === 'POST' ? { payload: body } : {}),
        });
        if (!(who === 'other advertiser' && route.method === 'GET' && response.statusCode === 200)) {
          expect([403, 404], `${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
        }
        expect(response.body).not.toContain('Demo only');
        expect(response.body).not.toContain('demo-only');
        expect(await checksums()).toEqual(before);
      });
    }
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createRival, type Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

// GET promotions/promoters (spec 3 §7): the promoters of every organization the caller
// reaches, each once; organization (a slug) narrows to one, keyword matches name or email;
// an advertiser sees only their own campaigns' promoters in each organization.

let t: TestApp;
let editor: { authorization: string };
let advertiser: { authorization: string };
let rival: Rival;

type Promoters = { items: { name: string; email: string }[]; total: number };

async function call<T>(method: 'GET' | 'POST', url: string, who: object, payload?: object, status = 200): Promise<T> {
  const response = await t.app.inject({ method, url, headers: who as Record<string, string>, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

const names = (list: Promoters) => list.items.map((p) => p.name);
const url = promotionPaths.allPromoters();

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
  await call('POST', promotionPaths.advertisers('demo'), editor, { email: 'ads@both.example', name: 'Both', password: 'advertiser-pass' }, 201);
  advertiser = await signIn(t.app, 'ads@both.example', 'advertiser-pass');
  // The same advertiser is let into the rival organization too, as its owner would.
  const [user, rivalOrg] = await Promise.all([
    t.db.selectFrom('users').select('id').where('email', '=', 'ads@both.example').executeTakeFirstOrThrow(),
    t.db.selectFrom('organizations').select('id').where('slug', '=', 'rival').executeTakeFirstOrThrow(),
  ]);
  await t.db.insertInto('promotionAdvertisers').values({ userId: user.id, organizationId: rivalOrg.id }).execute();
  const campaign = (org: string, who: object, promoterName: string, promoterEmail: string) =>
    call('POST', promotionPaths.campaigns(org), who, { title: `${promoterName} campaign`, promoterName, promoterEmail }, 201);
  await campaign('demo', editor, 'Ada Demo', 'ada@demo.example');
  await campaign('demo', editor, 'Shared Promoter', 'shared@promoters.example');
  await campaign('demo', editor, 'No email', '');
  await campaign('rival', rival.headers, 'Rival Promoter', 'rp@rival.example');
  await campaign('rival', rival.headers, 'Shared Promoter', 'shared@promoters.example');
  await campaign('demo', advertiser, 'Own Promoter', 'own@ads.example');
  await campaign('rival', advertiser, 'Own Promoter', 'own@ads.example');
  await campaign('rival', advertiser, 'Zed Rival', 'zed@ads.example');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET promotions/promoters', () => {
  it('answers the promoters of the organizations the caller reaches, and no one else’s', async () => {
    expect(await call<Promoters>('GET', url, editor)).toEqual({
      items: [
        { name: 'Ada Demo', email: 'ada@demo.example' },
        { name: 'Own Promoter', email: 'own@ads.example' },
        { name: 'Shared Promoter', email: 'shared@promoters.example' },
      ],
      total: 3,
    });
    expect(names(await call<Promoters>('GET', url, rival.headers))).toEqual(['Own Promoter', 'Rival Promoter', 'Shared Promoter', 'Zed Rival']);
  });

  it("answers an advertiser their own campaigns' promoters across their organizations, each once", async () => {
    expect(await call<Promoters>('GET', url, advertiser)).toEqual({
      items: [
        { name: 'Own Promoter', email: 'own@ads.example' },
        { name: 'Zed Rival', email: 'zed@ads.example' },
      ],
      total: 2,
    });
    expect(names(await call<Promoters>('GET', `${url}?organization=demo`, advertiser))).toEqual(['Own Promoter']);
  });

  it('narrows by organization and keyword, and pages', async () => {
    expect(names(await call<Promoters>('GET', `${url}?organization=rival`, rival.headers))).toEqual(['Own Promoter', 'Rival Promoter', 'Shared Promoter', 'Zed Rival']);
    expect(names(await call<Promoters>('GET', `${url}?keyword=SHARED`, editor))).toEqual(['Shared Promoter']);
    expect(names(await call<Promoters>('GET', `${url}?keyword=demo.example`, editor))).toEqual(['Ada Demo']);
    expect(await call<Promoters>('GET', `${url}?records=1&page=2`, editor)).toEqual({ items: [{ name: 'Own Promoter', email: 'own@ads.example' }], total: 3 });
    // The organization's own call answers the same promoters.
    expect(names(await call<Promoters>('GET', promotionPaths.promoters('demo'), editor))).toEqual(['Ada Demo', 'Own Promoter', 'Shared Promoter']);
  });

  it("refuses an organization the caller does not reach (403) or that does not exist (404), and a bad page (422)", async () => {
    expect((await t.app.inject({ method: 'GET', url: `${url}?organization=rival`, headers: editor })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${url}?organization=nowhere`, headers: editor })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}?records=0`, headers: editor })).statusCode).toBe(422);
  });
});

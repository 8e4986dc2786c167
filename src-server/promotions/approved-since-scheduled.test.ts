import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import type { ApprovedSinceScheduled, Campaign, Promotion } from '../../shared/contract/platform-promotions';
import type { Letter } from '../../shared/model/letter';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { promoterAd } from '../../shared/rules/promotions';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { paragraph } from '../testing/delivery-fixtures';
import { READY_TO_SCHEDULE, channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// A scheduled letter's promotions approved for its send day since it was scheduled (the
// scheduled view's notice): only those approved after the letter was last scheduled, for
// its day, that would fill one of its promotion slots and that it does not carry.

const DAY = '2099-12-01';

let t: TestApp;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
let campaign: Campaign;

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object, status = 200): Promise<T> {
  const response = await t.app.inject({ method, url, headers: editor, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

async function collateral(headline: string, zone: number, day = DAY): Promise<Promotion> {
  return call<Promotion>(
    'POST',
    promotionPaths.createCollateral(campaign.uniqueId),
    { headline, content: `${headline}.`, callToAction: 'Book', callToActionUrl: 'https://boats.example/book', zone, dates: [day] },
    201,
  );
}
const approve = (promotion: Promotion) => call('POST', promotionPaths.approve('demo', 'weekly', promotion.id), { message: '' });

const setStatus = (letter: Letter, from: number, to: number) =>
  call<Letter>('POST', platformPaths.updateStatus(weekly.channelId, letter.id!), { publicationStatus: to, currentStatus: from, uniqueId: letter.uniqueId });

async function scheduledLetter(ads: Promotion[] | null): Promise<Letter> {
  const block = newSection('newpromotion', 'promo');
  const sections: Section[] = [paragraph('p-body', 'Harbour news.'), { ...block, blockModel: { ...block.blockModel, zone: 1 } }, newSection('footer', 'footer')];
  const draft = await createLetterAs(t.app, editor, weekly, {
    ...READY_TO_SCHEDULE,
    blocks: JSON.stringify(sections),
    publicationDate: `${DAY} 09:00:00`,
    // What Schedule stores from the schedule step (core/handlers/promotion-ads-submit.ts); null: an API client's letter without a choice.
    ...(ads === null ? {} : { settings: JSON.stringify({ promotionAds: { date: DAY, ads: ads.map(promoterAd) } }) }),
  });
  await setStatus(draft, 0, 7);
  return setStatus(draft, 7, 2);
}

const approvedSince = (letter: Letter) => call<ApprovedSinceScheduled>('GET', promotionPaths.approvedSinceScheduled('demo', 'weekly', letter.id!));
const headlines = (answer: ApprovedSinceScheduled) => answer.items.map((item) => item.headline).sort();

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  // An organization has as many zones as ad types: two, so a promotion can be in a zone the letter has no block for.
  const organization = await t.db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  await t.db.insertInto('promotionAdTypes').values([{ organizationId: organization.id, title: 'Banner' }, { organizationId: organization.id, title: 'Tile' }]).execute();
  campaign = await call<Campaign>('POST', promotionPaths.campaigns('demo'), { title: 'Winter boats', promoterName: 'Boats Ltd', channels: ['weekly'] }, 201);
});
afterAll(async () => {
  await t?.close();
});

describe('promotions approved since a letter was scheduled', () => {
  it("are those for its day and slots approved after it was scheduled, not the ones it carries; pausing clears them, scheduling again starts over", async () => {
    const chosen = await collateral('Chosen at scheduling', 1);
    await approve(chosen);
    const letter = await scheduledLetter([chosen]);
    const none = await approvedSince(letter);
    expect(none).toMatchObject({ date: DAY, items: [] });
    expect(Date.parse(none.scheduledAt!)).not.toBeNaN();

    const late = await collateral('Approved later', 1);
    const otherZone = await collateral('Zone 2, no block', 2);
    const otherDay = await collateral('Another day', 1, '2099-12-02');
    await collateral('Never approved', 1);
    for (const promotion of [late, otherZone, otherDay]) await approve(promotion);
    expect(headlines(await approvedSince(letter))).toEqual(['Approved later']);

    // Paused, it is not scheduled: nothing to say.
    const paused = await setStatus(letter, 2, 0);
    expect(await approvedSince(paused)).toEqual({ date: DAY, scheduledAt: null, items: [] });
    // Scheduled again, the editor has seen the day's promotions since: it counts from then.
    await setStatus(paused, 0, 7);
    const again = await setStatus(paused, 7, 2);
    expect((await approvedSince(again)).items).toEqual([]);
  });

  it('are none for a letter that made no choice: its send carries every promotion of the day, late ones too', async () => {
    const letter = await scheduledLetter(null);
    await approve(await collateral('Late for the undecided', 1));
    expect((await approvedSince(letter)).items).toEqual([]);
  });

  it("answers 404 for a letter that is not the channel's", async () => {
    const response = await t.app.inject({ method: 'GET', url: promotionPaths.approvedSinceScheduled('demo', 'weekly', 2_000_000), headers: editor });
    expect(response.statusCode).toBe(404);
  });
});

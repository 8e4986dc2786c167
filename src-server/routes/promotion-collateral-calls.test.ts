import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, SVG_NOT_SUPPORTED_MESSAGE } from '../../shared/contract/platform-media';
import type { Campaign, Promotion } from '../../shared/contract/platform-promotions';
import type { PromotionItem } from '../../shared/contract/platform-promotion-calls';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createDiskImageStorage } from '../integrations/image-storage';
import { imagesDb } from '../media/image-records';
import { channelIdOf, insertLetter } from '../testing/audience-fixtures';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

// The spec's collateral calls (spec 3 §7 "Promotions and collateral") as a client sends
// them: multipart with lists as name[] and the image as a file, checked at the ad type's
// size and kept in image storage; upsert by uniqueId; read, derived promotions, delete; the
// same under a brand's channel; and an advertiser kept to their own campaigns.

let t: TestApp;
let dir: string;
let editor: { authorization: string };
let advertiser: { authorization: string };
let otherAdvertiser: { authorization: string };
let campaign: Campaign;
let square: Buffer;
let wide: Buffer;

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 20 } } }).png().toBuffer();

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string | string[]>, image?: { bytes: Buffer; type: string; name: string; field?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) form.append(name, one);
  if (image) form.append(image.field ?? 'image', new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

async function send(method: 'POST' | 'GET' | 'DELETE', url: string, who: object, body?: Awaited<ReturnType<typeof multipart>>) {
  return t.app.inject({
    method,
    url,
    headers: { ...(who as Record<string, string>), ...(body ? { 'content-type': body.contentType } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });
}

async function expectStatus<T>(response: Awaited<ReturnType<typeof send>>, status: number): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

const counts = async () => ({
  promotions: (await t.db.selectFrom('promotions').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  images: (await imagesDb(t.db).selectFrom('images').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
  files: (await fs.readdir(dir)).length,
});

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'collateral-calls-'));
  t = await createTestApp({ imageStorage: createDiskImageStorage(dir) });
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  for (const email of ['ads@kites.example', 'ads@other.example']) {
    await t.app.inject({ method: 'POST', url: promotionPaths.advertisers('demo'), headers: editor, payload: { email, name: 'Kites', password: 'advertiser-pass' } });
  }
  advertiser = await signIn(t.app, 'ads@kites.example', 'advertiser-pass');
  otherAdvertiser = await signIn(t.app, 'ads@other.example', 'advertiser-pass');
  const created = await t.app.inject({ method: 'POST', url: promotionPaths.campaigns('demo'), headers: advertiser, payload: { title: 'Kites', channels: ['weekly'] } });
  campaign = created.json();
  [square, wide] = await Promise.all([png(300, 300), png(640, 480)]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const fields = (extra: Record<string, string | string[]> = {}) => ({
  campaignUniqueId: campaign.uniqueId,
  headline: 'Fly a kite',
  content: 'Kites for every wind.',
  callToAction: 'Shop kites',
  callToActionUrl: 'https://kites.example/shop',
  'dates[]': ['2099-05-01', '2099-05-03'],
  'channelIdList[]': ['weekly'],
  zone: '1',
  payActionValue: '1.5',
  ...extra,
});

describe('promotion-collaterals', () => {
  let created: Promotion;

  it('creates collateral from multipart: the lists, the numbers, and the image kept in storage at its size', async () => {
    const body = await multipart(fields(), { bytes: square, type: 'image/png', name: 'kite.png' });
    created = await expectStatus<Promotion>(await send('POST', promotionPaths.collateralNew('demo'), advertiser, body), 201);
    expect(created).toMatchObject({ headline: 'Fly a kite', dates: ['2099-05-01', '2099-05-03'], zone: 1, payText: '$1.50 per click', status: 0, campaignUniqueId: campaign.uniqueId });
    expect(created.image).toMatch(/^http:\/\/[^/]+\/media\/[^/]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(created.image).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.rawPayload, square)).toBe(0);
    const row = await imagesDb(t.db).selectFrom('images').selectAll().where('storageKey', '=', new URL(created.image).pathname.split('/').pop()!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ letterId: null, width: 300, height: 300, originalUrl: 'kite.png' });
  });

  it('refuses what is wrong with a clear message and keeps nothing, image included', async () => {
    const before = await counts();
    const cases: [Awaited<ReturnType<typeof multipart>>, object, number, Record<string, string[]> | null][] = [
      [await multipart(fields(), { bytes: wide, type: 'image/png', name: 'wide.png' }), advertiser, 422, { image: ['The image must be 300x300 pixels; this one is 640x480.'] }],
      [await multipart(fields(), { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), type: 'image/svg+xml', name: 'a.svg' }), advertiser, 422, { image: [SVG_NOT_SUPPORTED_MESSAGE] }],
      [await multipart(fields({ 'channelIdList[]': ['weekly', 'company'] })), advertiser, 422, { channelIdList: ['Not a channel of this campaign: company.'] }],
      [await multipart(fields({ campaignUniqueId: '' })), advertiser, 422, { campaignUniqueId: ['Name the campaign (campaignUniqueId) to create collateral in.'] }],
      [await multipart(fields({ callToActionUrl: 'http://kites.example' }), { bytes: square, type: 'image/png', name: 'kite.png' }), advertiser, 422, { callToActionUrl: ['The call to action URL must be a full https:// address.'] }],
      [await multipart(fields({ zone: 'two' })), advertiser, 422, null],
      [await multipart(fields(), { bytes: square, type: 'image/png', name: 'logo.png', field: 'logo' }), advertiser, 422, { logo: ['Only the image is sent as a file.'] }],
      [await multipart(fields(), { bytes: Buffer.alloc(IMAGE_MAX_BYTES + 1), type: 'image/png', name: 'huge.png' }), advertiser, 422, { image: [IMAGE_TOO_LARGE_MESSAGE] }],
      [await multipart(fields(), { bytes: square, type: 'image/png', name: 'kite.png' }), otherAdvertiser, 404, null],
    ];
    for (const [body, who, status, errors] of cases) {
      const answer = await expectStatus<{ errors?: unknown }>(await send('POST', promotionPaths.collateralNew('demo'), who, body), status);
      if (errors) expect(answer.errors).toEqual(errors);
    }
    expect(await counts()).toEqual(before);
  });

  it('upserts by uniqueId: creates under the given one, then updates it; also by id', async () => {
    const uid = 'kites-spring-2099';
    const first = await expectStatus<Promotion>(await send('POST', promotionPaths.collateral(uid), advertiser, await multipart(fields({ headline: 'Spring kites' }))), 201);
    expect(first).toMatchObject({ uniqueId: uid, headline: 'Spring kites' });
    const again = await expectStatus<Promotion>(await send('POST', promotionPaths.collateral(uid), advertiser, await multipart(fields({ headline: 'Spring kites, 10% off', 'dates[]': ['2099-05-02'] }))), 200);
    expect(again).toMatchObject({ id: first.id, headline: 'Spring kites, 10% off', dates: ['2099-05-02'] });
    const byId = await expectStatus<Promotion>(await send('POST', promotionPaths.collateral(first.id), advertiser, await multipart(fields({ headline: 'Spring' }))), 200);
    expect(byId.uniqueId).toBe(uid);
    await expectStatus(await send('POST', promotionPaths.collateral(999_999), advertiser, await multipart(fields())), 404);
    // Another's collateral is not theirs to update, nor a name to create under.
    await expectStatus(await send('POST', promotionPaths.collateral(uid), otherAdvertiser, await multipart(fields())), 404);
    expect(await expectStatus<Promotion>(await send('GET', promotionPaths.collateral(uid), editor), 200)).toMatchObject({ headline: 'Spring' });
  });

  it('reads collateral and its derived promotions (filter 3 all, 4 approved)', async () => {
    expect(await expectStatus<Promotion>(await send('GET', promotionPaths.collateral(created.id), advertiser), 200)).toMatchObject({ id: created.id, image: created.image });
    const derived = (filter: number) => send('GET', `${promotionPaths.collateralPromotions(created.id)}?filter=${filter}`, advertiser);
    expect((await expectStatus<{ items: Promotion[] }>(await derived(3), 200)).items.map((p) => p.id)).toEqual([created.id]);
    expect((await expectStatus<{ total: number }>(await derived(4), 200)).total).toBe(0);
    await t.app.inject({ method: 'POST', url: promotionPaths.approve('demo', 'weekly', created.id), headers: editor, payload: { message: 'ok' } });
    expect((await expectStatus<{ items: Promotion[] }>(await derived(4), 200)).items.map((p) => p.status)).toEqual([4]);
    await expectStatus(await send('GET', promotionPaths.collateral(created.id), otherAdvertiser), 404);
    await expectStatus(await send('GET', promotionPaths.collateralPromotions(created.uniqueId), otherAdvertiser), 404);
  });

  it('answers one promotion, with resolveCredit a null credit; another advertiser gets 404', async () => {
    const one = await expectStatus<PromotionItem>(await send('GET', promotionPaths.promotion(created.id), advertiser), 200);
    expect(one).toMatchObject({ id: created.id, status: 4 });
    expect(one).not.toHaveProperty('credit');
    expect(await expectStatus<PromotionItem>(await send('GET', `${promotionPaths.promotion(created.id)}?resolveCredit`, advertiser), 200)).toMatchObject({ credit: null });
    await expectStatus(await send('GET', promotionPaths.promotion(created.id), otherAdvertiser), 404);
  });
});

describe("a brand's channel promotions", () => {
  it('creates, updates (back to review) and deletes a promotion under the channel its campaign runs in', async () => {
    const url = promotionPaths.channelPromotion('demo', 'weekly', 'new');
    const made = await expectStatus<Promotion>(await send('POST', url, advertiser, await multipart(fields({ headline: 'Channel kite' }), { bytes: square, type: 'image/png', name: 'k.png' })), 201);
    await t.app.inject({ method: 'POST', url: promotionPaths.approve('demo', 'weekly', made.id), headers: editor, payload: { message: '' } });
    const updated = await expectStatus<Promotion>(await send('POST', promotionPaths.channelPromotion('demo', 'weekly', made.id), advertiser, await multipart(fields({ headline: 'Channel kite 2' }))), 200);
    expect(updated).toMatchObject({ id: made.id, headline: 'Channel kite 2', status: 0 });
    // The campaign runs in weekly only: the company channel does not carry it.
    await expectStatus(await send('POST', promotionPaths.channelPromotion('demo', 'company', 'new'), advertiser, await multipart(fields())), 404);
    await expectStatus(await send('POST', promotionPaths.channelPromotion('demo', 'company', made.id), advertiser, await multipart(fields())), 404);
    await expectStatus(await send('DELETE', promotionPaths.channelPromotion('demo', 'company', made.id), advertiser), 404);
    await expectStatus(await send('DELETE', promotionPaths.channelPromotion('demo', 'weekly', made.id), otherAdvertiser), 404);
    await expectStatus(await send('DELETE', promotionPaths.channelPromotion('demo', 'weekly', made.id), advertiser), 204);
    await expectStatus(await send('GET', promotionPaths.promotion(made.id), editor), 404);
  });

  it('deletes a promotion by id; one that ran in a sent letter is kept (409)', async () => {
    const made = await expectStatus<Promotion>(await send('POST', promotionPaths.collateralNew('demo'), advertiser, await multipart(fields({ headline: 'Short-lived' }))), 201);
    await expectStatus(await send('DELETE', promotionPaths.promotion(made.id), otherAdvertiser), 404);
    await expectStatus(await send('DELETE', promotionPaths.promotion(made.id), advertiser), 204);
    const ran = await expectStatus<Promotion>(await send('POST', promotionPaths.collateralNew('demo'), advertiser, await multipart(fields({ headline: 'Ran' }))), 201);
    const letterId = await insertLetter(t.db, { channelId: await channelIdOf(t.db, 'demo', 'weekly'), status: 3 });
    await t.db.insertInto('letterPromotions').values({ letterId, promotionId: ran.id, slot: 'zone1', callToActionUrl: ran.callToActionUrl }).execute();
    const refused = await send('DELETE', promotionPaths.promotion(ran.id), editor);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This promotion has run in sent letters; its metrics keep it.');
  });
});

describe('promotions with a data payload', () => {
  const json = (method: 'POST', url: string, who: object, payload: object) => t.app.inject({ method, url, headers: who as Record<string, string>, payload });
  const data = (extra: object = {}) => ({
    campaignUniqueId: campaign.uniqueId,
    headline: 'Data kite',
    content: 'Sent as JSON.',
    callToAction: 'See',
    callToActionUrl: 'https://kites.example/data',
    dates: ['2099-06-01'],
    ...extra,
  });

  it('creates collateral in the campaign data names, as the collateral create does', async () => {
    const made = await expectStatus<Promotion>(await json('POST', promotionPaths.promotionData(), advertiser, { data: data() }), 201);
    expect(made).toMatchObject({ headline: 'Data kite', content: 'Sent as JSON.', dates: ['2099-06-01'], status: 0, campaignUniqueId: campaign.uniqueId });
    expect(await expectStatus<Promotion>(await send('GET', promotionPaths.promotion(made.id), editor), 200)).toMatchObject({ headline: 'Data kite' });
  });

  it('refuses what is wrong, and another advertiser, creating nothing', async () => {
    const before = await counts();
    const cases: [object, object, number, Record<string, string[]> | null][] = [
      [{ data: data({ campaignUniqueId: undefined }) }, advertiser, 422, { 'data.campaignUniqueId': ['Name the campaign (campaignUniqueId) to create collateral in.'] }],
      [data(), advertiser, 422, { data: ['Send the promotion as { data: { …its fields } }.'] }],
      [{ data: data({ callToActionUrl: 'http://kites.example' }) }, advertiser, 422, { callToActionUrl: ['The call to action URL must be a full https:// address.'] }],
      [{ data: data() }, otherAdvertiser, 404, null],
      [{ data: data({ campaignUniqueId: 'no-such-campaign' }) }, editor, 404, null],
    ];
    for (const [payload, who, status, errors] of cases) {
      const answer = await expectStatus<{ errors?: unknown }>(await json('POST', promotionPaths.promotionData(), who, payload), status);
      if (errors) expect(answer.errors).toEqual(errors);
    }
    expect(await counts()).toEqual(before);
  });

  it('updates by promotionCollateralUid (or id); approved goes back to review; it stays in its campaign', async () => {
    const uid = 'kites-data-2099';
    await expectStatus(await send('POST', promotionPaths.collateral(uid), advertiser, await multipart(fields({ headline: 'Before' }))), 201);
    const id = (await expectStatus<Promotion>(await send('GET', promotionPaths.collateral(uid), advertiser), 200)).id;
    await t.app.inject({ method: 'POST', url: promotionPaths.approve('demo', 'weekly', id), headers: editor, payload: { message: '' } });
    const updated = await expectStatus<Promotion>(await json('POST', promotionPaths.promotionData(uid), advertiser, { data: data({ headline: 'After' }) }), 200);
    expect(updated).toMatchObject({ id, uniqueId: uid, headline: 'After', status: 0 });
    // The update takes the whole collateral, as the other update calls do; the campaign may be left out.
    const byId = await expectStatus<Promotion>(await json('POST', promotionPaths.promotionData(id), editor, { data: data({ headline: 'By id', campaignUniqueId: undefined }) }), 200);
    expect(byId).toMatchObject({ id, headline: 'By id', campaignUniqueId: campaign.uniqueId });
    const other = await expectStatus<Campaign>(await json('POST', promotionPaths.campaigns('demo'), advertiser, { title: 'Other kites' }), 201);
    const moved = await expectStatus<{ errors: unknown }>(await json('POST', promotionPaths.promotionData(uid), advertiser, { data: data({ campaignUniqueId: other.uniqueId }) }), 422);
    expect(moved.errors).toEqual({ campaignUniqueId: ['Collateral stays in the campaign it was made in.'] });
    await expectStatus(await json('POST', promotionPaths.promotionData(uid), otherAdvertiser, { data: data() }), 404);
    await expectStatus(await json('POST', promotionPaths.promotionData('no-such-collateral'), editor, { data: data() }), 404);
    expect(await expectStatus<Promotion>(await send('GET', promotionPaths.collateral(uid), editor), 200)).toMatchObject({ headline: 'By id' });
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_NOT_REACHABLE_MESSAGE, platformPaths } from '../../shared/contract/platform-api';
import type { Campaign } from '../../shared/contract/platform-promotions';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { newSection } from '../../shared/model/section-factory';
import { SOURCE_URL_INVALID_MESSAGE } from '../../shared/rules/link-preview';
import { buildApp } from '../app';
import { pollFeed } from '../curation/feed-polling';
import { INVALID_DATA_MESSAGE } from '../http/errors';
import { resolveCurationSections } from '../curation/resolve-curation-sections';
import { PUBLIC_TEST_ADDRESS, stubNetwork } from '../testing/fetch-guard-fixtures';
import type { StubNetwork } from '../testing/fetch-guard-fixtures';
import { createFeedSite, serveFeedSite } from '../testing/feed-fixtures';
import { PNG_3X2 } from '../testing/image-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startOgSite } from '../testing/loopback-providers';
import type { LoopbackServer } from '../testing/loopback-server';
import { openMediaFixture, type MediaFixture } from '../testing/media-fixture';
import { signIn } from '../testing/test-app';

// Issue 31 (1): every route that fetches an address a user gives refuses the platform's
// own and its network's addresses, in every spelling, before connecting — an advertiser's
// link preview of http://127.0.0.1:… included. The app runs with the default guard
// (public addresses only) and a stub resolver; whatever passes the check is connected to
// the loopback site below (testing/fetch-guard-fixtures.ts), which counts connections:
// a refusal leaves it at 0, and nothing here ever leaves this machine. Each route is also
// shown fetching from a public name, so a refusal cannot pass by the route fetching nothing.

let media: MediaFixture;
let app: FastifyInstance;
let site: LoopbackServer;
let network: StubNetwork;
let port: string;
let advertiser: Headers;
let campaign: Campaign;

beforeAll(async () => {
  site = await startOgSite({ '/story': { title: 'Tides of the North' } });
  const pages = site.handle;
  const feeds = serveFeedSite(createFeedSite());
  site.handle = (request, response) => {
    const path = request.url.split('?')[0];
    if (path === '/photo.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_3X2);
    if (path === '/rss.xml') return feeds(request, response);
    return pages(request, response);
  };
  port = new URL(site.url).port;
  network = stubNetwork({
    'public.test': PUBLIC_TEST_ADDRESS,
    localhost: '127.0.0.1',
    'intranet.test': '10.20.30.40',
    'metadata.test': '169.254.169.254',
    'office.test': 'fd00::1',
    'mixed.test': [PUBLIC_TEST_ADDRESS, '192.168.0.10'],
  });
  media = await openMediaFixture('letterdesk-refusals-');
  // http allowed, so every refusal below is the address's, not the scheme's.
  app = await buildApp({ db: media.t.db, imageStorage: media.imageStorage, allowHttpImageFetch: true, fetchGuard: network });
  await app.inject({ method: 'POST', url: promotionPaths.advertisers('demo'), headers: media.editor, payload: { email: 'ads@probe.example', name: 'Probe', password: 'advertiser-pass' } });
  advertiser = await signIn(app, 'ads@probe.example', 'advertiser-pass');
  campaign = (await app.inject({ method: 'POST', url: promotionPaths.campaigns('demo'), headers: advertiser, payload: { title: 'Probe', channels: ['weekly'] } })).json();
}, 120_000);
afterAll(async () => {
  await app?.close();
  await media?.close();
  await site?.close();
});

const at = (host: string, path: string) => `http://${host}:${port}${path}`;
/** A public name whose page redirects to `target`. */
const redirectTo = (target: string) => at('public.test', `/redirect?to=${encodeURIComponent(target)}`);

/** Loopback, unspecified, private, link-local and unique-local addresses, spelled every way a URL allows. */
const NOT_PUBLIC_HOSTS = [
  '127.0.0.1',
  '0.0.0.0',
  'localhost',
  '127.000.000.001',
  '2130706433',
  '0177.0.0.1',
  '0x7f.1',
  '127.1',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[::]',
  '10.0.0.1',
  '169.254.169.254',
  '[::ffff:169.254.169.254]',
  'intranet.test',
  'metadata.test',
  'office.test',
  'mixed.test',
];
/** Those the URL block's own address rule lets through to the fetch (spec 2 §5: names and dotted IPv4 only). */
const SOURCE_URL_HOSTS = new Set(['127.0.0.1', '0.0.0.0', 'localhost', '127.000.000.001', '10.0.0.1', '169.254.169.254', 'intranet.test', 'metadata.test', 'office.test', 'mixed.test']);

/** Each address's answer, and how many connections the site took meanwhile (0 for a refusal). */
async function eachAddress(addresses: string[], call: (address: string) => Promise<{ statusCode: number; json(): unknown }>) {
  const before = site.connections;
  const answers: { address: string; status: number; body: unknown }[] = [];
  for (const address of addresses) {
    const response = await call(address);
    answers.push({ address, status: response.statusCode, body: response.json() });
  }
  return { answers, connections: site.connections - before };
}

const refusedWith = (message: string, field = 'url') => ({ status: 422, body: { message, errors: { [field]: [message] } } });

/** Paths the site was asked for since `before`. */
const askedSince = (before: number) => site.requests.slice(before).map((request) => request.url.split('?')[0]);

describe('GET {api2}/curations/crawl', () => {
  const crawl = (url: string) => app.inject({ method: 'GET', url: `${platformPaths.crawl()}?url=${encodeURIComponent(url)}`, headers: advertiser });

  it("previews a public page for an advertiser (the site answers when it may)", async () => {
    const response = await crawl(at('public.test', '/story'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pageTitle: 'Tides of the North' });
  });

  it('refuses every non-public address before connecting', async () => {
    const { answers, connections } = await eachAddress(
      NOT_PUBLIC_HOSTS.map((host) => at(host, '/story')),
      crawl,
    );
    expect(connections).toBe(0);
    for (const [i, answer] of answers.entries()) {
      const host = NOT_PUBLIC_HOSTS[i]!;
      // Spellings the URL rule already refuses never reach the fetch; either way nothing is fetched.
      const expected = SOURCE_URL_HOSTS.has(host)
        ? refusedWith(ADDRESS_NOT_REACHABLE_MESSAGE)
        : { status: 422, body: { message: INVALID_DATA_MESSAGE, errors: { url: [SOURCE_URL_INVALID_MESSAGE] } } };
      expect({ address: answer.address, status: answer.status, body: answer.body }).toEqual({ address: answer.address, ...expected });
    }
  });

  it('refuses a public page that redirects to a loopback or private address, after asking only the public one', async () => {
    for (const target of [at('127.0.0.1', '/story'), at('localhost', '/story'), at('intranet.test', '/story')]) {
      const before = site.requests.length;
      const response = await crawl(redirectTo(target));
      expect({ status: response.statusCode, body: response.json() }).toEqual(refusedWith(ADDRESS_NOT_REACHABLE_MESSAGE));
      expect(askedSince(before)).toEqual(['/redirect']);
    }
  });
});

describe('feeds: rss/validate and adding a feed', () => {
  const validate = (url: string) => app.inject({ method: 'POST', url: platformPaths.validateFeed(), headers: media.editor, payload: { url } });
  const add = (url: string) => app.inject({ method: 'POST', url: platformPaths.feeds('demo', 'weekly'), headers: media.editor, payload: { url } });
  const feedCount = async () => Number((await media.t.db.selectFrom('feeds').select(media.t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  it('reads a feed at a public name', async () => {
    const response = await validate(at('public.test', '/rss.xml'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ success: true, title: 'Harbour News' });
  });

  it('refuses every non-public address before connecting, and adds no feed', async () => {
    const feeds = await feedCount();
    for (const call of [validate, add]) {
      const { answers, connections } = await eachAddress(
        NOT_PUBLIC_HOSTS.map((host) => at(host, '/rss.xml')),
        call,
      );
      expect(connections).toBe(0);
      for (const answer of answers) expect({ address: answer.address, status: answer.status, body: answer.body }).toEqual({ address: answer.address, ...refusedWith(ADDRESS_NOT_REACHABLE_MESSAGE) });
    }
    expect(await feedCount()).toBe(feeds);
  });

  it('refuses a feed that redirects to a loopback address, after asking only the public one', async () => {
    const feeds = await feedCount();
    for (const call of [validate, add]) {
      const before = site.requests.length;
      const response = await call(redirectTo(at('127.0.0.1', '/rss.xml')));
      expect({ status: response.statusCode, body: response.json() }).toEqual(refusedWith(ADDRESS_NOT_REACHABLE_MESSAGE));
      expect(askedSince(before)).toEqual(['/redirect']);
    }
    expect(await feedCount()).toBe(feeds);
  });

  it('the polling job and the send do not read a stored feed at a private address either', async () => {
    const channel = await media.t.db.selectFrom('channels').selectAll().where('slug', '=', 'weekly').executeTakeFirstOrThrow();
    // Stored behind the routes' back, as a feed added before this check (or by a self-hoster who later turned it off) would be.
    const feed = await media.t.db
      .insertInto('feeds')
      .values({ channelId: channel.id, uniqueId: 'private-feed', url: at('127.0.0.1', '/rss.xml'), title: 'Inside', etag: null, lastModified: null, lastError: null, lastFetchedAt: null, fetchingUntil: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rss = newSection('rss', 'r1');
    rss.blockModel = { ...rss.blockModel, link: at('intranet.test', '/rss.xml'), count: 1, layoutType: 1 };
    const blocks = JSON.stringify([rss]);
    const before = site.connections;
    expect(await pollFeed(media.t.db, feed.id, network)).toEqual({ status: 'failed', error: ADDRESS_NOT_REACHABLE_MESSAGE });
    // A legacy RSS block whose feed cannot be read keeps what it had.
    expect(await resolveCurationSections(media.t.db, channel, blocks, network)).toBe(blocks);
    expect(site.connections).toBe(before);
    const stored = await media.t.db.selectFrom('feeds').select(['lastError', 'failures']).where('id', '=', feed.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ lastError: ADDRESS_NOT_REACHABLE_MESSAGE, failures: 1 });
  });
});

describe('media/upload-from-url', () => {
  const upload = (url: string) =>
    app.inject({ method: 'POST', url: platformPaths.uploadFromUrl('demo', 'weekly', media.letter.id!), headers: media.editor, payload: { url } });

  it('copies an image from a public name', async () => {
    const response = await upload(at('public.test', '/photo.png'));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses every non-public address before connecting, directly or by redirect, and stores nothing', async () => {
    const stored = await media.stored();
    const { answers, connections } = await eachAddress(
      NOT_PUBLIC_HOSTS.map((host) => at(host, '/photo.png')),
      upload,
    );
    expect(connections).toBe(0);
    for (const answer of answers) expect({ address: answer.address, status: answer.status, body: answer.body }).toEqual({ address: answer.address, ...refusedWith(ADDRESS_NOT_REACHABLE_MESSAGE) });
    const before = site.requests.length;
    const redirected = await upload(redirectTo(at('0x7f.1', '/photo.png')));
    expect({ status: redirected.statusCode, body: redirected.json() }).toEqual(refusedWith(ADDRESS_NOT_REACHABLE_MESSAGE));
    expect(askedSince(before)).toEqual(['/redirect']);
    expect(await media.stored()).toEqual(stored);
  });
});

describe('collateral images by address', () => {
  const promotionCount = async () => Number((await media.t.db.selectFrom('promotions').select(media.t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
  const body = (image: string) => ({ headline: 'Kites', callToActionUrl: 'https://kites.example/shop', dates: ['2099-05-01'], image });
  /** Both ways collateral is written: the campaign's JSON call and the spec's collateral call. */
  const create = {
    campaign: (image: string) => app.inject({ method: 'POST', url: promotionPaths.createCollateral(campaign.uniqueId), headers: advertiser, payload: body(image) }),
    collateral: (image: string) =>
      app.inject({ method: 'POST', url: promotionPaths.collateralNew('demo'), headers: advertiser, payload: { ...body(image), campaignUniqueId: campaign.uniqueId, channelIdList: ['weekly'] } }),
  };

  it('fetches an image at a public name to check its size', async () => {
    for (const call of Object.values(create)) {
      const before = site.requests.length;
      const response = await call(at('public.test', '/photo.png'));
      // The 3x2 test image is not the ad type's size: the refusal shows it was fetched and read.
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors.image[0]).toMatch(/^The image must be \d+x\d+ pixels; this one is 3x2\.$/);
      expect(askedSince(before)).toEqual(['/photo.png']);
    }
  });

  it('refuses every non-public address before connecting, directly or by redirect, and keeps nothing', async () => {
    const promotions = await promotionCount();
    const stored = await media.stored();
    for (const call of Object.values(create)) {
      const { answers, connections } = await eachAddress(
        [...NOT_PUBLIC_HOSTS.map((host) => at(host, '/photo.png'))],
        call,
      );
      expect(connections).toBe(0);
      for (const answer of answers) {
        expect({ address: answer.address, status: answer.status, body: answer.body }).toEqual({
          address: answer.address,
          status: 422,
          body: { message: expect.any(String), errors: { image: [ADDRESS_NOT_REACHABLE_MESSAGE] } },
        });
      }
      const before = site.requests.length;
      const redirected = await call(redirectTo(at('127.1', '/photo.png')));
      expect(redirected.statusCode).toBe(422);
      expect(redirected.json().errors).toEqual({ image: [ADDRESS_NOT_REACHABLE_MESSAGE] });
      expect(askedSince(before)).toEqual(['/redirect']);
    }
    expect(await promotionCount()).toBe(promotions);
    expect(await media.stored()).toEqual(stored);
  });
});

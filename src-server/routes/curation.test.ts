import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { AggregatesResponseSchema, FeedSchema, INVALID_FEED_URL_MESSAGE, TAG_COMPANY_ONLY_MESSAGE, feedUnreachableMessage } from '../../shared/contract/platform-curation';
import type { Aggregate } from '../../shared/contract/platform-curation';
import { pollFeed } from '../curation/feed-polling';
import { resolveCurationSections } from '../curation/resolve-curation-sections';
import { newSection } from '../../shared/model/section-factory';
import { SectionsJsonSchema } from '../../shared/model/section';
import type { SectionOf } from '../../shared/model/section';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { PRIVATE_ALLOWED } from '../testing/fetch-guard-fixtures';
import { createFeedSite, serveFeedSite } from '../testing/feed-fixtures';
import type { FeedSite } from '../testing/feed-fixtures';
import { startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// Feeds, the polling read and the aggregates query against a real PostgreSQL, with the
// feeds served by a loopback site in RSS, Atom and JSON Feed.

let t: TestApp;
let editor: { authorization: string };
let rival: Rival;
let site: LoopbackServer;
let files: FeedSite;
const feedsPath = platformPaths.feeds('demo', 'weekly');
const aggregatesPath = platformPaths.aggregates('demo', 'weekly');

beforeAll(async () => {
  t = await createTestApp({ fetchGuard: PRIVATE_ALLOWED });
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
  files = createFeedSite();
  site = await startLoopbackServer(serveFeedSite(files));
});
afterAll(async () => {
  await site?.close();
  await t?.close();
});

async function addFeed(path: string) {
  const response = await t.app.inject({ method: 'POST', url: feedsPath, headers: editor, payload: { url: `  ${site.url}${path}  ` } });
  expect(response.statusCode, response.body).toBe(201);
  return FeedSchema.parse(response.json());
}

async function aggregates(query = ''): Promise<{ items: Aggregate[]; total: number }> {
  const response = await t.app.inject({ method: 'GET', url: `${aggregatesPath}${query}`, headers: editor });
  expect(response.statusCode, response.body).toBe(200);
  return AggregatesResponseSchema.parse(response.json());
}

describe('rss/validate', () => {
  it('accepts a feed in each format and names it', async () => {
    for (const [path, title, format] of [
      ['/rss.xml', 'Harbour News', 'rss'],
      ['/atom.xml', 'Lighthouse Log', 'atom'],
      ['/feed.json', 'Dock Daily', 'json'],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url: platformPaths.validateFeed(), headers: editor, payload: { url: ` ${site.url}${path} ` } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ success: true, title, format });
      expect(response.json().items.length).toBeGreaterThan(0);
    }
  });

  it("answers 'This url is invalid.' for a page and a non-address", async () => {
    for (const url of [`${site.url}/page.html`, 'not a url', 'ftp://example.com/feed']) {
      const response = await t.app.inject({ method: 'POST', url: platformPaths.validateFeed(), headers: editor, payload: { url } });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors.url).toEqual([INVALID_FEED_URL_MESSAGE]);
    }
  });

  it('says a feed could not be reached, and why, when the site answers an error or no one answers (issue 37)', async () => {
    const host = new URL(site.url).host;
    const missing = await t.app.inject({ method: 'POST', url: platformPaths.validateFeed(), headers: editor, payload: { url: `${site.url}/nothing.xml` } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ message: feedUnreachableMessage(`${host} answered 404.`), errors: { url: [feedUnreachableMessage(`${host} answered 404.`)] } });
    // A port no one listens on: the loopback server's, once it is closed.
    const gone = await startLoopbackServer((_request, response) => response.end());
    const goneHost = new URL(gone.url).host;
    await gone.close();
    const refused = await t.app.inject({ method: 'POST', url: platformPaths.validateFeed(), headers: editor, payload: { url: `${gone.url}/feed.xml` } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(feedUnreachableMessage(`${goneHost} refused the connection.`));
    const adding = await t.app.inject({ method: 'POST', url: feedsPath, headers: editor, payload: { url: `${gone.url}/feed.xml` } });
    expect(adding.json().message).toBe(feedUnreachableMessage(`${goneHost} refused the connection.`));
  });
});

describe('feeds', () => {
  it('refuses a page that is not a feed and stores nothing', async () => {
    const response = await t.app.inject({ method: 'POST', url: feedsPath, headers: editor, payload: { url: `${site.url}/page.html` } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(INVALID_FEED_URL_MESSAGE);
    expect((await t.app.inject({ method: 'GET', url: feedsPath, headers: editor })).json()).toEqual({ items: [] });
  });

  it('adds feeds by trimmed url, lists them, and refuses the same url twice', async () => {
    const rss = await addFeed('/rss.xml');
    expect(rss).toMatchObject({ url: `${site.url}/rss.xml`, title: 'Harbour News', lastFetchedAt: null });
    await addFeed('/atom.xml');
    await addFeed('/feed.json');
    const again = await t.app.inject({ method: 'POST', url: feedsPath, headers: editor, payload: { url: `${site.url}/rss.xml` } });
    expect(again.statusCode).toBe(422);
    const list = (await t.app.inject({ method: 'GET', url: feedsPath, headers: editor })).json<{ items: { title: string }[] }>();
    expect(list.items.map((f) => f.title)).toEqual(['Harbour News', 'Lighthouse Log', 'Dock Daily']);
  });

  it('reads each feed into aggregates, one per article address, with sanitized text', async () => {
    const feeds = (await t.app.inject({ method: 'GET', url: feedsPath, headers: editor })).json<{ items: { id: number }[] }>().items;
    for (const feed of feeds) expect((await pollFeed(t.db, feed.id, PRIVATE_ALLOWED)).status).toBe('read');
    const { items, total } = await aggregates();
    expect(total).toBe(4);
    // Newest publication first; the JSON feed's copy of the pier article added nothing.
    expect(items.map((a) => a.title)).toEqual(['Cranes arrive', 'Lamp replaced', 'New pier opens', 'Tide tables for the spring']);
    const tides = items.find((a) => a.title.startsWith('Tide'))!;
    expect(tides).toMatchObject({
      author: 'Ann Mariner',
      excerpt: 'High water is early this week.',
      image: 'https://harbour.example/tides.jpg',
      originalUrl: 'https://harbour.example/tides',
      publicationDate: '2026-03-02T10:00:00.000Z',
      siteName: 'Harbour News',
      curated: false,
    });
    expect(tides.categories.map((c) => c.name)).toEqual(['Tides']);
    expect(items.find((a) => a.title === 'Cranes arrive')).toMatchObject({ author: 'Di Crane', image: 'https://dock.example/cranes.png', siteName: 'Dock Daily' });
    expect(items.find((a) => a.title === 'Lamp replaced')).toMatchObject({ author: 'Cy Keeper', siteName: 'Lighthouse Log' });
  });

  it('asks again with the ETag, takes a 304 as nothing new, and backs off when the feed fails', async () => {
    const feed = await t.db.selectFrom('feeds').selectAll().where('url', '=', `${site.url}/rss.xml`).executeTakeFirstOrThrow();
    expect(feed.etag).toBeTruthy();
    const before = site.requests.length;
    expect(await pollFeed(t.db, feed.id, PRIVATE_ALLOWED)).toEqual({ status: 'not-modified' });
    expect(site.requests[before]!.headers['if-none-match']).toBe(feed.etag);
    expect(site.requests[before]!.headers['if-modified-since']).toBe('Wed, 04 Mar 2026 10:00:00 GMT');

    files.failing.add('/rss.xml');
    expect((await pollFeed(t.db, feed.id, PRIVATE_ALLOWED)).status).toBe('failed');
    expect((await pollFeed(t.db, feed.id, PRIVATE_ALLOWED)).status).toBe('failed');
    const failed = await t.db.selectFrom('feeds').selectAll().where('id', '=', feed.id).executeTakeFirstOrThrow();
    expect(failed.failures).toBe(2);
    expect(failed.lastError).toContain('500');
    // Two failures: due in 30 minutes rather than 15.
    expect(failed.nextFetchAt.getTime() - Date.now()).toBeGreaterThan(25 * 60 * 1000);
    files.failing.delete('/rss.xml');
  });

  it('reads a feed once at a time: a second reader finds the lease taken', async () => {
    const feed = await t.db.selectFrom('feeds').select('id').where('url', '=', `${site.url}/atom.xml`).executeTakeFirstOrThrow();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = pollFeed(t.db, feed.id, PRIVATE_ALLOWED, async () => {
      await held;
      return { status: 'not-modified' };
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await pollFeed(t.db, feed.id, PRIVATE_ALLOWED)).toEqual({ status: 'busy' });
    release();
    expect(await first).toEqual({ status: 'not-modified' });
  });

  it('stores new items when the feed changes', async () => {
    const feed = await t.db.selectFrom('feeds').select('id').where('url', '=', `${site.url}/rss.xml`).executeTakeFirstOrThrow();
    const rss = files.files.get('/rss.xml')!;
    files.files.set('/rss.xml', {
      ...rss,
      body: rss.body.replace('<item>', '<item><title>Storm warning</title><link>https://harbour.example/storm</link><pubDate>Fri, 06 Mar 2026 10:00:00 GMT</pubDate></item><item>'),
    });
    expect(await pollFeed(t.db, feed.id, PRIVATE_ALLOWED)).toEqual({ status: 'read', added: 1 });
    expect((await aggregates()).items[0]!.title).toBe('Storm warning');
  });

  it('deletes a feed, keeping its articles; another feed id is 404', async () => {
    const feed = await t.db.selectFrom('feeds').select('id').where('url', '=', `${site.url}/feed.json`).executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'DELETE', url: platformPaths.feed('demo', 'weekly', feed.id), headers: editor });
    expect(response.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: platformPaths.feed('demo', 'weekly', feed.id), headers: editor })).statusCode).toBe(404);
    expect((await aggregates('?keyword=cranes')).total).toBe(1);
  });
});

describe('aggregates', () => {
  it('toggles curated and filters by it, by keyword, site, feed, category and dates', async () => {
    const all = await aggregates();
    const pier = all.items.find((a) => a.title === 'New pier opens')!;
    const lamp = all.items.find((a) => a.title === 'Lamp replaced')!;
    for (const aggregate of [pier, lamp]) {
      const response = await t.app.inject({ method: 'POST', url: platformPaths.aggregate('demo', 'weekly', aggregate.id), headers: editor, payload: { curated: true } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: aggregate.id, curated: true });
    }
    expect((await aggregates('?curated=1')).items.map((a) => a.title)).toEqual(['Lamp replaced', 'New pier opens']);
    expect((await aggregates('?keyword=PIER')).items.map((a) => a.title)).toEqual(['New pier opens']);
    expect((await aggregates('?sites[]=Lighthouse%20Log')).items.map((a) => a.title)).toEqual(['Lamp replaced']);
    expect((await aggregates(`?feeds[]=${pier.feedId}`)).total).toBe(3);
    const tides = all.items.find((a) => a.title.startsWith('Tide'))!;
    expect((await aggregates(`?categories[]=${tides.categories[0]!.id}`)).items.map((a) => a.title)).toEqual(['Tide tables for the spring']);
    expect((await aggregates('?from=2026-03-03&to=2026-03-04')).items.map((a) => a.title)).toEqual(['Lamp replaced', 'New pier opens']);
    // Today where the channel is: dates are read in its timezone, and near midnight UTC
    // its day is not UTC's.
    const { timezone } = await t.db
      .selectFrom('channels')
      .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
      .select('channels.timezone')
      .where('channels.slug', '=', 'weekly')
      .where('organizations.slug', '=', 'demo')
      .executeTakeFirstOrThrow();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(new Date());
    expect((await aggregates(`?curatedStart=${today}`)).total).toBe(2);
    // Unheart: no longer curated.
    await t.app.inject({ method: 'POST', url: platformPaths.aggregate('demo', 'weekly', lamp.id), headers: editor, payload: { curated: false } });
    expect((await aggregates('?curated=1')).items.map((a) => a.title)).toEqual(['New pier opens']);
  });

  it('pages and skips', async () => {
    const first = await aggregates('?perPage=2&page=1');
    const second = await aggregates('?perPage=2&page=2');
    expect(first.total).toBe(5);
    expect(first.items).toHaveLength(2);
    expect(second.items[0]!.id).not.toBe(first.items[1]!.id);
    const skipped = await aggregates('?perPage=1&skip=1');
    expect(skipped.items[0]!.id).toBe(first.items[1]!.id);
  });

  it('refuses bad input and changes nothing', async () => {
    const { items } = await aggregates();
    const response = await t.app.inject({ method: 'POST', url: platformPaths.aggregate('demo', 'weekly', items[0]!.id), headers: editor, payload: { curated: 'yes' } });
    expect(response.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `${aggregatesPath}?perPage=0`, headers: editor })).statusCode).toBe(422);
    expect((await aggregates()).items[0]!.curated).toBe(items[0]!.curated);
  });
});

describe('tags, categories and site names', () => {
  const q = (extra = '') => `?organization=demo&channel=weekly${extra}`;

  it('creates tags only at company level, and lists company tags on request', async () => {
    const refused = await t.app.inject({ method: 'POST', url: platformPaths.curationTags(), headers: editor, payload: { organization: 'demo', channel: 'weekly', name: 'Local' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TAG_COMPANY_ONLY_MESSAGE);
    const made = await t.app.inject({ method: 'POST', url: platformPaths.curationTags(), headers: editor, payload: { organization: 'demo', channel: 'company', name: 'Maritime' } });
    expect(made.statusCode, made.body).toBe(201);
    const tag = made.json<{ id: number; name: string }>();
    expect((await t.app.inject({ method: 'GET', url: `${platformPaths.curationAllTags()}${q()}`, headers: editor })).json()).toEqual({ items: [], total: 0 });
    expect((await t.app.inject({ method: 'GET', url: `${platformPaths.curationAllTags()}${q('&includeCompanyTags=1')}`, headers: editor })).json()).toEqual({
      items: [tag],
      total: 1,
    });

    const { items } = await aggregates();
    const tagged = await t.app.inject({ method: 'POST', url: platformPaths.aggregate('demo', 'weekly', items[0]!.id), headers: editor, payload: { tags: [tag.id] } });
    expect(tagged.json().tags).toEqual([tag]);
    expect((await aggregates(`?tags[]=${tag.id}`)).items.map((a) => a.id)).toEqual([items[0]!.id]);
  });

  it('creates, renames and deletes taxonomy terms: tags at company level, categories per channel', async () => {
    const body = (channel: string, name: string) => ({ organization: 'demo', channel, name });
    const refused = await t.app.inject({ method: 'POST', url: platformPaths.taxonomyTerms('tags'), headers: editor, payload: body('weekly', 'Local') });
    expect(refused.statusCode).toBe(403);
    const category = await t.app.inject({ method: 'POST', url: platformPaths.taxonomyTerms('categories'), headers: editor, payload: body('weekly', 'Piers') });
    expect(category.statusCode, category.body).toBe(201);
    const id = category.json<{ id: number }>().id;
    const renamed = await t.app.inject({ method: 'POST', url: platformPaths.taxonomyTerm('categories', id), headers: editor, payload: body('weekly', 'Jetties') });
    expect(renamed.json()).toEqual({ id, name: 'Jetties' });
    const clash = await t.app.inject({ method: 'POST', url: platformPaths.taxonomyTerm('categories', id), headers: editor, payload: body('weekly', 'Tides') });
    expect(clash.statusCode).toBe(422);
    const gone = await t.app.inject({ method: 'DELETE', url: `${platformPaths.taxonomyTerm('categories', id)}?organization=demo&channel=weekly`, headers: editor });
    expect(gone.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: platformPaths.taxonomyTerms('topics'), headers: editor, payload: body('weekly', 'x') })).statusCode).toBe(404);
  });

  it('searches categories, and lists site names', async () => {
    const found = await t.app.inject({ method: 'GET', url: `${platformPaths.curationAllCategories()}${q('&keyword=tid')}`, headers: editor });
    expect(found.json().items.map((c: { name: string }) => c.name)).toEqual(['Tides']);
    const sites = await t.app.inject({ method: 'GET', url: `${platformPaths.curationSiteNames()}${q()}`, headers: editor });
    expect(sites.json()).toEqual({ items: ['Dock Daily', 'Harbour News', 'Lighthouse Log'] });
  });

  it("keeps another tenant out of the demo's tags and site names", async () => {
    for (const url of [`${platformPaths.curationAllTags()}${q()}`, `${platformPaths.curationSiteNames()}${q()}`]) {
      expect([403, 404]).toContain((await t.app.inject({ method: 'GET', url, headers: rival.headers })).statusCode);
    }
  });
});

describe('Curations blocks at send time', () => {
  it("fill from the query as it answers now; an inserted article is left as it is", async () => {
    const channel = await t.db.selectFrom('channels').selectAll().where('slug', '=', 'weekly').executeTakeFirstOrThrow();
    const query = newSection('curation', 'q1');
    query.blockModel = { ...query.blockModel, itemCount: 5, daysToDisplay: 0, items: [{ id: 1, title: 'Stale', author: '', excerpt: '', publicationDate: '', siteName: '', image: '', link: '', content: '' }] };
    const inserted = newSection('curation', 'i1');
    inserted.blockModel = { ...inserted.blockModel, itemCount: 0, title: 'Kept as inserted' };
    const resolved = SectionsJsonSchema.parse(await resolveCurationSections(t.db, channel, JSON.stringify([query, inserted]), PRIVATE_ALLOWED));
    const [first, second] = resolved as [SectionOf<'curation'>, SectionOf<'curation'>];
    expect(first.blockModel.items.map((item) => item.title)).toEqual(['New pier opens']);
    expect(first.blockModel.items[0]!.author).toBe('By Bo Quay');
    expect(second.blockModel).toEqual(inserted.blockModel);
  });

  it('read a legacy RSS block\'s feed again', async () => {
    const channel = await t.db.selectFrom('channels').selectAll().where('slug', '=', 'weekly').executeTakeFirstOrThrow();
    const rss = newSection('rss', 'r1');
    rss.blockModel = { ...rss.blockModel, link: `${site.url}/atom.xml`, count: 1, layoutType: 1 };
    const [resolved] = SectionsJsonSchema.parse(await resolveCurationSections(t.db, channel, JSON.stringify([rss]), PRIVATE_ALLOWED));
    expect(resolved!.delta.ops.map((op) => op.insert)).toEqual(['Lamp replaced', '\n', 'A brighter lamp for the winter.\n']);
  });
});

describe('curation types (0 any, 3 wordpress, 4 newrss)', () => {
  const WORDPRESS_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Quay Blog</title><link>https://quay.example/</link><generator>https://wordpress.org/?v=6.5</generator>
  <item><title>Blog: the new pier</title><link>https://quay.example/new-pier</link><pubDate>Wed, 04 Mar 2026 09:00:00 GMT</pubDate><description>From the blog.</description></item>
</channel></rss>`;

  it('RSS and WordPress blocks, their site names and the query find only their own kind', async () => {
    files.files.set('/blog/feed/', { body: WORDPRESS_FEED, type: 'application/rss+xml' });
    const blog = await addFeed('/blog/feed/');
    expect((await pollFeed(t.db, blog.id, PRIVATE_ALLOWED)).status).toBe('read');
    const post = (await aggregates('?keyword=blog')).items[0]!;
    await t.app.inject({ method: 'POST', url: platformPaths.aggregate('demo', 'weekly', post.id), headers: editor, payload: { curated: true } });

    expect((await aggregates('?curated=1&types[]=3')).items.map((a) => a.title)).toEqual(['Blog: the new pier']);
    expect((await aggregates('?curated=1&types[]=4')).items.map((a) => a.title)).toEqual(['New pier opens']);
    for (const any of ['', '&types[]=0', '&types[]=3&types[]=4']) {
      expect((await aggregates(`?curated=1${any}`)).items.map((a) => a.title)).toEqual(['Blog: the new pier', 'New pier opens']);
    }
    // Its feed deleted, an article has no kind left: only 'any' finds it.
    expect((await aggregates('?keyword=cranes&types[]=4')).total).toBe(0);
    expect((await aggregates('?keyword=cranes')).total).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `${aggregatesPath}?types[]=2`, headers: editor })).statusCode).toBe(422);

    const sites = async (type: number) =>
      (await t.app.inject({ method: 'GET', url: `${platformPaths.curationSiteNames()}?organization=demo&channel=weekly&type=${type}`, headers: editor })).json().items;
    expect(await sites(3)).toEqual(['Quay Blog']);
    expect(await sites(4)).toEqual(['Harbour News', 'Lighthouse Log']);
    expect(await sites(0)).toEqual(['Dock Daily', 'Harbour News', 'Lighthouse Log', 'Quay Blog']);

    const channel = await t.db.selectFrom('channels').selectAll().where('slug', '=', 'weekly').executeTakeFirstOrThrow();
    const blocks = (['curation', 'newrss', 'wordpress'] as const).map((type) => {
      const section = newSection(type, `t-${type}`);
      section.blockModel = { ...section.blockModel, itemCount: 5, daysToDisplay: 0 };
      return section;
    });
    const resolved = SectionsJsonSchema.parse(await resolveCurationSections(t.db, channel, JSON.stringify(blocks), PRIVATE_ALLOWED)) as SectionOf<'curation' | 'newrss' | 'wordpress'>[];
    expect(resolved.map((s) => s.blockModel.items.map((item) => item.title))).toEqual([['Blog: the new pier', 'New pier opens'], ['New pier opens'], ['Blog: the new pier']]);
  });

  it("gives a WordPress block in 'Full content' each post's whole body, sanitized, at send time", async () => {
    const journal = await addFeed('/journal/feed/');
    expect((await pollFeed(t.db, journal.id, PRIVATE_ALLOWED)).status).toBe('read');
    for (const post of (await aggregates('?sites[]=Quay%20Journal')).items) {
      await t.app.inject({ method: 'POST', url: platformPaths.aggregate('demo', 'weekly', post.id), headers: editor, payload: { curated: true } });
    }
    // Lists leave the bodies out; a full-content query asks for them.
    expect((await aggregates('?keyword=Winter%20on')).items[0]!.content).toBe('');
    const asked = (await aggregates('?keyword=Winter%20on&withContent=1')).items[0]!.content;
    expect(asked).toContain('<strong>north wall</strong>');
    expect(asked).not.toContain('script');
    expect(asked).not.toContain('onclick');

    const channel = await t.db.selectFrom('channels').selectAll().where('slug', '=', 'weekly').executeTakeFirstOrThrow();
    const block = (layoutType: 5 | 8) => {
      const section = newSection('wordpress', `full-${layoutType}`);
      section.layoutType = layoutType;
      section.blockModel = { ...section.blockModel, itemCount: 10, daysToDisplay: 0, sources: [{ id: 'Quay Journal', name: 'Quay Journal' }] };
      return section;
    };
    const [full, excerpt] = SectionsJsonSchema.parse(await resolveCurationSections(t.db, channel, JSON.stringify([block(8), block(5)]), PRIVATE_ALLOWED)) as SectionOf<'wordpress'>[];
    expect(full!.blockModel.items.map((item) => item.title)).toEqual(['Winter on the quay', 'Spring notes']);
    expect(full!.blockModel.items[0]!.content).toContain('<img src="https://journal.example/ice.jpg"');
    // A post without a body of its own has none to show (the renderer shows its excerpt).
    expect(full!.blockModel.items[1]!.content).toBe('');
    expect(excerpt!.blockModel.items.every((item) => item.content === '')).toBe(true);
  });
});

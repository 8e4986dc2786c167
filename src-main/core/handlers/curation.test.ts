import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Aggregate, Feed } from '../../../shared/contract/platform-curation';
import { INVALID_FEED_URL_MESSAGE, TAG_COMPANY_ONLY_MESSAGE, feedUnreachableMessage } from '../../../shared/contract/platform-curation';
import { createFeedSite, serveFeedSite } from '../../../src-server/testing/feed-fixtures';
import { startLoopbackServer } from '../../../src-server/testing/loopback-server';
import type { LoopbackServer } from '../../../src-server/testing/loopback-server';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';
import { CURATION_OFFLINE_MESSAGE } from './curation';

// The curation calls through the core against a real platform whose polling job reads a
// loopback feed; the heart is kept locally while the platform is out of reach and saved
// when it answers again, even after the app restarts.

// The feeds are served on loopback, which the platform reaches only with ALLOW_PRIVATE_FETCH.
const testPlatform = useTestPlatform({ faultyProxy: true, allowPrivateFetch: true });
const { proxy } = testPlatform;
let site: LoopbackServer;

beforeAll(async () => {
  site = await startLoopbackServer(serveFeedSite(createFeedSite()));
});
afterAll(async () => {
  await site?.close();
});

type Page = { items: Aggregate[]; total: number; pendingCurated: number };

describe('curation through the core', () => {
  it('validates and adds a feed, the job reads it, and a heart set offline is saved later', async () => {
    const dataDir = testPlatform.tempDir();
    const { core, close } = await testPlatform.openCore({}, dataDir);
    const refused = await core.dispatch('curation.validateFeed', { url: `${site.url}/page.html` });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', message: INVALID_FEED_URL_MESSAGE } });
    // Issue 37: the platform's reason for an unreachable feed reaches the app word for word.
    const missing = await core.dispatch('curation.validateFeed', { url: `${site.url}/nothing.xml` });
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_input', message: feedUnreachableMessage(`${new URL(site.url).host} answered 404.`) } });
    const feed = await call<Feed>(core, 'curation.addFeed', { ...WEEKLY, url: ` ${site.url}/rss.xml ` });
    expect(feed.title).toBe('Harbour News');

    let page: Page = { items: [], total: 0, pendingCurated: 0 };
    // The job may be part-way through the feed: wait for both of its articles.
    for (let tries = 0; tries < 80 && page.total < 2; tries += 1) {
      page = await call<Page>(core, 'curation.aggregates', { ...WEEKLY, query: {} });
      if (page.total < 2) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(page.items.map((a) => a.title)).toEqual(['New pier opens', 'Tide tables for the spring']);
    const pier = page.items[0]!;

    proxy().mode = 'down';
    expect(await call(core, 'curation.setCurated', { ...WEEKLY, id: pier.id, curated: true })).toEqual({ id: pier.id, curated: true, saved: false });
    expect(await core.dispatch('curation.aggregates', { ...WEEKLY, query: {} })).toMatchObject({ ok: false, error: { code: 'offline', message: CURATION_OFFLINE_MESSAGE } });
    await close();

    // Restarted, and the platform is back: the first list sends the waiting heart.
    proxy().mode = 'pass';
    const again = await testPlatform.openCore({}, dataDir);
    const curated = await call<Page>(again.core, 'curation.aggregates', { ...WEEKLY, query: { curated: 1 } });
    expect(curated.items.map((a) => a.id)).toEqual([pier.id]);
    expect(curated.pendingCurated).toBe(0);
    expect(await call(again.core, 'curation.setCurated', { ...WEEKLY, id: pier.id, curated: false })).toEqual({ id: pier.id, curated: false, saved: true });
    expect((await call<Page>(again.core, 'curation.aggregates', { ...WEEKLY, query: { curated: 1 } })).total).toBe(0);
  });

  it('sends a heart set offline by itself when the platform comes back, with no curation call', async () => {
    const { core } = await testPlatform.openCore();
    const page = await call<Page>(core, 'curation.aggregates', { ...WEEKLY, query: {} });
    const tides = page.items.find((a) => a.title.startsWith('Tide'))!;
    proxy().mode = 'down';
    expect(await call(core, 'curation.setCurated', { ...WEEKLY, id: tides.id, curated: true })).toEqual({ id: tides.id, curated: true, saved: false });
    proxy().mode = 'pass';
    // Another computer (nothing waiting there) reads the platform: the heart arrives on its own.
    const { core: observer } = await testPlatform.openCore({ url: testPlatform.platform().url });
    let curated: number[] = [];
    for (let tries = 0; tries < 60 && !curated.includes(tides.id); tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      curated = (await call<Page>(observer, 'curation.aggregates', { ...WEEKLY, query: { curated: 1 } })).items.map((a) => a.id);
    }
    expect(curated).toContain(tides.id);
  });

  it('creates tags at company level only, and tags an article', async () => {
    const { core } = await testPlatform.openCore();
    const refused = await core.dispatch('curation.createTag', { ...WEEKLY, name: 'Local' });
    expect(refused).toMatchObject({ ok: false, error: { message: TAG_COMPANY_ONLY_MESSAGE } });
    const tag = await call<{ id: number; name: string }>(core, 'curation.createTag', { brandSlug: 'demo', channelSlug: 'company', name: 'Maritime' });
    const tags = await call<{ items: { id: number }[] }>(core, 'curation.tags', { ...WEEKLY, keyword: 'mari' });
    expect(tags.items.map((t) => t.id)).toEqual([tag.id]);
    const page = await call<Page>(core, 'curation.aggregates', { ...WEEKLY, query: {} });
    const tagged = await call<Aggregate>(core, 'curation.setTags', { ...WEEKLY, id: page.items[0]!.id, tags: [tag.id] });
    expect(tagged.tags).toEqual([tag]);
    expect((await call<Page>(core, 'curation.aggregates', { ...WEEKLY, query: { tags: [tag.id] } })).total).toBe(1);
  });
});

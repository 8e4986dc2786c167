import { describe, expect, it } from 'vitest';
import { EVENTS_MESSAGES } from '../../../shared/rules/events-block';
import { URL_LOAD_OFFLINE_MESSAGE } from '../../../shared/rules/link-preview';
import { NEWS_NOT_CONFIGURED_MESSAGE } from '../../../shared/rules/news-search';
import { startOgSite } from '../../../src-server/testing/loopback-providers';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// The link-content channels through the core against a real platform: a page preview from a
// loopback site, Evvnt without a token (the block's notice, not an error), news on a platform
// without a news provider, and what each does when the platform cannot be reached.

// The pages are served on loopback, which the platform reaches only with ALLOW_PRIVATE_FETCH.
const testPlatform = useTestPlatform({ faultyProxy: true, allowPrivateFetch: true });

describe('link content through the core', () => {
  it('previews a page through the platform', async () => {
    const site = await startOgSite({ '/story': { title: 'Tides of the North', description: 'The sea.', image: '/tide.png' } });
    testPlatform.cleanup.add(() => site.close());
    const { core } = await testPlatform.openCore();
    const preview = await call<{ pageTitle: string; pageImage: string }>(core, 'linkContent.crawl', { url: `${site.url}/story` });
    expect(preview).toMatchObject({ pageTitle: 'Tides of the North', pageImage: `${site.url}/tide.png` });
  });

  it("answers Evvnt's missing token as invalidToken, and news without a provider with the platform's sentence", async () => {
    const { core } = await testPlatform.openCore();
    expect(await call(core, 'linkContent.eventCategories', WEEKLY)).toEqual({ items: [], invalidToken: true });
    const events = { ...WEEKLY, categories: ['music'], countPerDay: 1, daysToDisplay: 7, includeCurrentDate: false, callToAction: 'Get tickets' };
    expect(await call(core, 'linkContent.events', events)).toEqual({ items: [], invalidToken: true });
    const news = await core.dispatch('linkContent.news', { channelSlug: 'weekly', keyword: 'harbour', category: 'All', sources: '', count: 10 });
    expect(news).toEqual({ ok: false, error: { code: 'platform_error', message: NEWS_NOT_CONFIGURED_MESSAGE } });
  });

  it('keeps and shows the Evvnt token by its ending only', async () => {
    const { core } = await testPlatform.openCore();
    const saved = await call(core, 'integrations.saveEvvnt', { brandSlug: 'demo', token: 'core-token-4321' });
    expect(saved).toMatchObject({ configured: true, tokenEnding: '4321' });
    expect(JSON.stringify(await call(core, 'integrations.getEvvnt', { brandSlug: 'demo' }))).not.toContain('core-token');
    await call(core, 'integrations.removeEvvnt', { brandSlug: 'demo' });
  });

  it('offline: loads say they need a connection, and HTML is judged by the same rules here', async () => {
    const { core } = await testPlatform.openCore();
    testPlatform.proxy().mode = 'down';
    expect(await core.dispatch('linkContent.crawl', { url: 'https://example.com' })).toEqual({ ok: false, error: { code: 'offline', message: URL_LOAD_OFFLINE_MESSAGE } });
    const events = await core.dispatch('linkContent.eventCategories', WEEKLY);
    expect(events).toEqual({ ok: false, error: { code: 'offline', message: EVENTS_MESSAGES.offline } });
    expect(await call(core, 'linkContent.validateHtml', { ...WEEKLY, html: '<p>ok</p>' })).toEqual({ isValid: true, errors: [] });
    expect(await call(core, 'linkContent.validateHtml', { ...WEEKLY, html: '<script>x</script>' })).toEqual({
      isValid: false,
      errors: ['Line 1: <script> is not supported in an HTML block.'],
    });
  });
});

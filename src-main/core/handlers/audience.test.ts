import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type {
  ChannelSegmentsResponse,
  Segment,
  Subscriber,
  SubscriberDetail,
  SubscriberImportResponse,
  SubscriberListResponse,
} from '../../../shared/contract/platform-audience';
import { AUDIENCE_OFFLINE_MESSAGE } from './audience';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// The audience.* channels against a real platform (through a proxy that can go down): the
// subscribers screen's calls, the CSV import with its progress, segments with the live
// count, and the platform's messages passed on.

const testPlatform = useTestPlatform({ faultyProxy: true });
const { proxy } = testPlatform;

describe('audience over the bridge', () => {
  it('adds, finds, edits, tags, unsubscribes, exports and deletes a subscriber', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const added = await call<Subscriber>(core, 'audience.addSubscriber', {
      ...WEEKLY,
      subscriber: { email: 'Gulliver@Lilliput.test', firstName: 'Lemuel', tags: ['travel'], customFields: { city: 'Blefuscu' } },
    });
    expect(added).toMatchObject({ email: 'gulliver@lilliput.test', status: 'active', tags: ['travel'] });

    const found = await call<SubscriberListResponse>(core, 'audience.subscribers', { ...WEEKLY, search: 'lemuel', status: 'active', tags: ['travel'] });
    expect(found.items.map((s) => s.id)).toEqual([added.id]);

    const edited = await call<Subscriber>(core, 'audience.updateSubscriber', { ...WEEKLY, id: added.id, changes: { lastName: 'Gulliver' } });
    expect(edited.lastName).toBe('Gulliver');
    expect(await call(core, 'audience.tagSubscribers', { ...WEEKLY, change: { ids: [added.id], add: ['vip'] } })).toEqual({ updated: 1 });
    const detail = await call<SubscriberDetail>(core, 'audience.subscriber', { ...WEEKLY, id: added.id });
    expect(detail.tags).toEqual(['travel', 'vip']);
    expect(detail.letters).toEqual([]);

    const gone = await call<Subscriber>(core, 'audience.unsubscribe', { ...WEEKLY, id: added.id });
    expect(gone.status).toBe('unsubscribed');
    const exported = await call<{ fileName: string; content: string }>(core, 'audience.exportSubscribers', WEEKLY);
    expect(exported.fileName).toBe('subscribers-weekly.csv');
    expect(exported.content).toContain('gulliver@lilliput.test,Lemuel,Gulliver,unsubscribed,travel; vip');

    await call(core, 'audience.deleteSubscriber', { ...WEEKLY, id: added.id });
    const missing = await core.dispatch('audience.subscriber', { ...WEEKLY, id: added.id });
    expect(missing).toEqual({ ok: false, error: { code: 'not_found', message: 'This subscriber does not exist.' } });
    const twice = await core.dispatch('audience.addSubscriber', { ...WEEKLY, subscriber: { email: 'not an address' } });
    expect(twice.ok).toBe(false);
  });

  it('imports a CSV sent as text, with progress and reasons for skipped rows', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const importId = randomUUID();
    expect(await call(core, 'audience.importProgress', { ...WEEKLY, importId })).toBeNull();
    const csv = 'E-mail,Given,Team\r\nann@import.test,Ann,red\r\nnot-an-email,Bob,blue\r\nann@import.test,Ann again,red\r\ncy@import.test,Cy,blue\r\n';
    const summary = await call<SubscriberImportResponse>(core, 'audience.importSubscribers', {
      ...WEEKLY,
      importId,
      csv,
      existing: 'skip',
      mapping: { 'E-mail': 'email', Given: 'first_name', Team: 'custom:team' },
    });
    expect(summary).toMatchObject({ rows: 4, created: 2, updated: 0, skipped: 2 });
    expect(summary.skippedReasons).toMatchObject({ invalidEmail: 1, duplicate: 1 });
    expect(await call(core, 'audience.importProgress', { ...WEEKLY, importId })).toEqual({ importId, rowsProcessed: 4, done: true });
    const listed = await call<SubscriberListResponse>(core, 'audience.subscribers', { ...WEEKLY, search: '@import.test' });
    expect(listed.items.map((s) => [s.email, s.firstName, s.customFields.team]).sort()).toEqual([
      ['ann@import.test', 'Ann', 'red'],
      ['cy@import.test', 'Cy', 'blue'],
    ]);
  });

  it('counts, saves, lists and deletes segments, passing on the platform refusals, and needs a connection', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    for (const email of ['seg1@count.test', 'seg2@count.test']) {
      await call(core, 'audience.addSubscriber', { ...WEEKLY, subscriber: { email, tags: ['counted'] } });
    }
    const criteria = { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'counted' }] };
    expect(await call(core, 'audience.segmentCount', { ...WEEKLY, criteria })).toEqual({ total: 2 });
    const criterias = await call<{ items: { field: string }[] }>(core, 'audience.segmentCriterias', WEEKLY);
    expect(criterias.items.map((c) => c.field)).toEqual(expect.arrayContaining(['tag', 'email', 'engagement', 'subscribed_at']));

    const saved = await call<Segment>(core, 'audience.saveSegment', { ...WEEKLY, segment: { name: 'Counted', criteria } });
    expect(saved).toMatchObject({ name: 'Counted', total: 2, isEngagementSegment: false, tags: ['counted'] });
    const engaged = await call<Segment>(core, 'audience.saveSegment', {
      ...WEEKLY,
      id: saved.id,
      segment: { name: 'Counted', criteria: { match: 'all', conditions: [...criteria.conditions, { field: 'engagement', op: 'opened_within', value: '30' }] } },
    });
    expect(engaged).toMatchObject({ id: saved.id, total: 0, isEngagementSegment: true });
    const duplicate = await core.dispatch('audience.saveSegment', { ...WEEKLY, segment: { name: 'counted', criteria } });
    expect(duplicate.ok).toBe(false);
    if (!duplicate.ok) expect(duplicate.error).toMatchObject({ code: 'invalid_input', fields: { name: ['A segment with this name already exists in this channel.'] } });

    const listed = await call<ChannelSegmentsResponse>(core, 'audience.segments', { ...WEEKLY, name: 'count' });
    expect(listed.segments.map((s) => s.id)).toEqual([saved.id]);
    await call(core, 'audience.deleteSegment', { ...WEEKLY, id: saved.id });
    expect((await call<ChannelSegmentsResponse>(core, 'audience.segments', { ...WEEKLY, name: 'count' })).total).toBe(0);

    proxy().mode = 'down';
    expect(await core.dispatch('audience.segments', WEEKLY)).toEqual({ ok: false, error: { code: 'offline', message: AUDIENCE_OFFLINE_MESSAGE } });
  });
});

import { describe, expect, it } from 'vitest';
import type { AppDashboard } from '../../../shared/contract/bridge-dashboards';
import type { LocalMailboxResponse } from '../../../shared/contract/local-mailbox';
import { EXPORT_EMAIL_INVALID_MESSAGE, EXPORT_QUEUED_MESSAGE } from '../../../shared/contract/platform-dashboards';
import type { Letter } from '../../../shared/model/letter';
import { PublicationStatus } from '../../../shared/model/publication';
import { newSection } from '../../../shared/model/section-factory';
import { dashboardRange } from '../../../shared/rules/dashboard-period';
import type { Core } from '../core-context';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// The app's dashboards through the core against a real platform: a letter sent to the demo
// channel's three active readers shows in the brand, channel and tenant-wide views, a
// filter on another channel leaves it out, and a dashboard once seen opens offline.

const testPlatform = useTestPlatform({ faultyProxy: true });
const { platform, proxy, tempDir } = testPlatform;

async function sentLetter(core: Core, title: string): Promise<Letter> {
  const tomorrow = dashboardRange(0, 'America/New_York', new Date()).to;
  const letter = await call<Letter>(core, 'letters.create', WEEKLY);
  await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title, blocks: JSON.stringify([newSection('footer', 'footer')]) } });
  await call(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
  await call(core, 'letters.saveLocal', {
    uniqueId: letter.uniqueId,
    changes: { subtitle: 'This week', segmentId: 0, segmentName: 'All active subscribers', publicationDate: `${tomorrow} 10:00:00`, openGraphHeadline: title },
  });
  const scheduled = await call<Letter>(core, 'letters.schedule', { uniqueId: letter.uniqueId });
  await platform().runDueDeliveries([scheduled.id!]);
  return scheduled;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('the app dashboards', () => {
  it('shows a scope’s letters, subscribers and audience, narrowed by the channel filter, and opens offline once seen', async () => {
    const dataDir = tempDir();
    const first = await testPlatform.openCore({}, dataDir);
    await call(first.core, 'app.session', {});
    const letter = await sentLetter(first.core, 'Harbour news');

    const brand = await call<AppDashboard>(first.core, 'dashboards.get', { scope: 'brand', brandSlug: 'demo', days: 30 });
    expect(brand.offline).toBe(false);
    expect(brand.to).toBe(dashboardRange(0, 'UTC', new Date()).to);
    expect(brand.from).toBe(dashboardRange(30, 'UTC', new Date()).from);
    expect(brand.letters?.find((row) => row.id === letter.id)).toMatchObject({ title: 'Harbour news', sent: 3, delivered: 3, channelSlug: 'weekly' });
    expect(brand.lettersTotals?.sent).toBe(brand.letters!.reduce((sum, row) => sum + row.sent, 0));
    // The demo's readers joined today: the active count at today's end is the three of them.
    expect(brand.subscribers?.items.find((day) => day.day === today())?.active).toBe(3);
    expect(brand.subscribers?.items).toHaveLength(32);
    expect(brand.audience).toHaveLength(32);

    const channel = await call<AppDashboard>(first.core, 'dashboards.get', { scope: 'channel', ...WEEKLY, days: 7 });
    expect(channel.letters?.map((row) => row.id)).toContain(letter.id);
    expect(channel.subscribers?.totals.active).toBe(3);

    const company = await call<AppDashboard>(first.core, 'dashboards.get', { scope: 'company', brandSlug: 'demo', days: 7 });
    expect(company.letters?.map((row) => row.id)).toEqual(channel.letters?.map((row) => row.id));

    const otherChannel = await call<AppDashboard>(first.core, 'dashboards.get', {
      scope: 'brand',
      brandSlug: 'demo',
      days: 30,
      channels: [{ brandSlug: 'demo', channelSlug: 'company' }],
    });
    expect(otherChannel.letters).toEqual([]);
    expect(otherChannel.subscribers?.totals.active).toBe(0);
    await first.close();

    // Another run of the app on the same cache, with the platform out of reach.
    proxy().mode = 'down';
    const again = await testPlatform.openCore({}, dataDir);
    const offline = await call<AppDashboard>(again.core, 'dashboards.get', { scope: 'brand', brandSlug: 'demo', days: 30 });
    expect(offline).toEqual({ ...brand, offline: true });
    const neverSeen = await call<AppDashboard>(again.core, 'dashboards.get', { scope: 'brand', brandSlug: 'demo', days: 365 });
    expect(neverSeen).toMatchObject({ letters: null, subscribers: null, audience: null, fetchedAt: null, offline: true });
  });

  it('refuses a channel view without a channel slug and an organization it does not know, changing nothing', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const noSlug = await core.dispatch('dashboards.get', { scope: 'channel', brandSlug: 'demo', days: 30 });
    expect(noSlug).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { channelSlug: ['Channel slug is required'] } } });
    const noBrand = await core.dispatch('dashboards.get', { scope: 'brand', brandSlug: ' ', days: 30 });
    expect(noBrand).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { brandSlug: ['Organization slug is required'] } } });
    const unknown = await core.dispatch('dashboards.get', { scope: 'brand', brandSlug: 'nowhere', days: 30 });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('queues an export of the view on the platform, which mails the CSV; bad addresses are refused', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const letter = await sentLetter(core, 'Exported news');
    const view = { scope: 'channel', ...WEEKLY, days: 7 } as const;
    const queued = await call<{ message: string }>(core, 'dashboards.export', { ...view, kind: 'letters', emails: ['boss@example.com'] });
    expect(queued.message).toBe(EXPORT_QUEUED_MESSAGE);
    // This platform has no mail server: the email waits in its local mailbox, the CSV shown in it.
    let exported: LocalMailboxResponse['items'][number] | undefined;
    await expect
      .poll(async () => {
        exported = (await call<LocalMailboxResponse>(core, 'localMailbox.list', {})).items.find((mail) => mail.to === 'boss@example.com');
        return exported !== undefined;
      }, { timeout: 20_000 })
      .toBe(true);
    expect(exported!.html).toContain('demo-weekly-letters-');
    expect(exported!.html).toContain(`${letter.id},Exported news,demo,weekly,`);
    // A read-only link to the same view, opened by the link alone.
    const shared = await call<{ url: string; expiresAt: string }>(core, 'dashboards.share', view);
    const page = await fetch(shared.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Exported news');
    const refused = await core.dispatch('dashboards.export', { ...view, kind: 'clicks', emails: ['nobody'] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(refused)).toContain(EXPORT_EMAIL_INVALID_MESSAGE);
  });
});

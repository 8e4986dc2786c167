import { describe, expect, it } from 'vitest';
import type { ChannelDashboard, ReportSnapshot, SentEmailPage, UserActivityPage } from '../../../shared/contract/bridge-reports';
import { EMBEDDED_ACCOUNT, platformPaths } from '../../../shared/contract/platform-api';
import { LocalMailboxResponseSchema } from '../../../shared/contract/platform-delivery';
import type { Letter } from '../../../shared/model/letter';
import { PublicationStatus } from '../../../shared/model/publication';
import type { Section } from '../../../shared/model/section';
import { newSection } from '../../../shared/model/section-factory';
import { dashboardRange } from '../../../shared/rules/dashboard-period';
import type { Core } from '../core-context';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';

// Edition reports through the core against a real platform (its delivery job sends to its
// local mailbox): a letter is sent to the demo channel's three active readers, one opens
// it and follows its link twice at once, which is a scanner's timing (within seconds of
// the send: machine activity); the report shows people's figures without those clicks and
// every click's with them, and once seen each opens again from the SQLite cache with the
// platform out of reach.

const STORY_URL = 'https://example.com/story';
const testPlatform = useTestPlatform({ faultyProxy: true });
const { platform, proxy, tempDir } = testPlatform;

function linkedBlocks(): string {
  const story: Section = { ...newSection('paragraph', 'p-story'), delta: { ops: [{ insert: 'Read the story', attributes: { link: STORY_URL } }, { insert: '\n' }] } };
  return JSON.stringify([story, newSection('footer', 'footer')]);
}

async function sentLetter(core: Core, title: string): Promise<Letter> {
  // Tomorrow on the channel's clock: the send is made due at once, the date stays.
  const tomorrow = dashboardRange(0, 'America/New_York', new Date()).to;
  const letter = await call<Letter>(core, 'letters.create', WEEKLY);
  await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title, blocks: linkedBlocks() } });
  await call(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
  await call(core, 'letters.saveLocal', {
    uniqueId: letter.uniqueId,
    changes: { subtitle: 'This week', segmentId: 0, segmentName: 'All active subscribers', publicationDate: `${tomorrow} 10:00:00`, openGraphHeadline: title },
  });
  const scheduled = await call<Letter>(core, 'letters.schedule', { uniqueId: letter.uniqueId });
  await platform().runDueDeliveries([scheduled.id!]);
  await call(core, 'sync.now', {});
  return scheduled;
}

/** A reader opens the email (loads its pixel) and follows its tracked link twice. */
async function readAndClick(letterId: number) {
  const login = await fetch(`${platform().url}${platformPaths.login()}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(EMBEDDED_ACCOUNT),
  });
  const { token } = (await login.json()) as { token: string };
  const mailbox = await fetch(`${platform().url}${platformPaths.localMailbox()}`, { headers: { authorization: `Bearer ${token}` } });
  const mails = LocalMailboxResponseSchema.parse(await mailbox.json()).items.filter((mail) => mail.letterId === letterId);
  expect(mails).toHaveLength(3);
  const html = mails[0]!.html;
  const pixel = /src="([^"]*\/t\/o\/[^"]+\.gif)"/.exec(html)![1]!;
  const link = /href="([^"]*\/t\/c\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' };
  expect((await fetch(pixel, { headers: browser })).status).toBe(200);
  for (let i = 0; i < 2; i++) {
    const followed = await fetch(link, { headers: browser, redirect: 'manual' });
    expect(followed.headers.get('location')).toBe(STORY_URL);
  }
}

describe('edition reports', () => {
  it('shows the counts and top links of a send, and opens offline from the cache once seen', async () => {
    const dataDir = tempDir();
    const first = await testPlatform.openCore({}, dataDir);
    await call(first.core, 'app.session', {});
    const letter = await sentLetter(first.core, 'Harbour news');
    await readAndClick(letter.id!);

    const report = await call<ReportSnapshot>(first.core, 'reports.get', { ...WEEKLY, id: letter.id });
    expect(report.offline).toBe(false);
    expect(report.metrics).toMatchObject({ sent: 3, accepted: 3, bounced: 0, delivered: 3, opensUnique: 1, clicksUnique: 0 });
    expect(report.topLinks?.legacy).toBe(false);
    expect(report.topLinks?.items.find((link) => link.url === STORY_URL)).toEqual({ url: STORY_URL, uniques: 0, total: 0 });
    expect(Date.parse(report.fetchedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const everything = await call<ReportSnapshot>(first.core, 'reports.get', { ...WEEKLY, id: letter.id, activity: 'all' });
    expect(everything.metrics).toMatchObject({ opensUnique: 1, clicksUnique: 1 });
    expect(everything.topLinks?.items[0]).toEqual({ url: STORY_URL, uniques: 1, total: 2 });
    expect(everything.hourPerformance?.reduce((sum, hour) => sum + hour.clicks, 0)).toBe(2);
    expect(report.hourPerformance?.reduce((sum, hour) => sum + hour.clicks, 0)).toBe(0);
    // The email the send used, kept by the platform, for the letter preview: no tracked link in it.
    const sent = await call<SentEmailPage>(first.core, 'reports.sentEmail', { ...WEEKLY, id: letter.id });
    expect(sent.offline).toBe(false);
    expect(sent.emails?.map(({ variant, subject }) => ({ variant, subject }))).toEqual([{ variant: 'A', subject: 'Harbour news' }]);
    expect(sent.emails?.[0]?.html).toContain(`href="${STORY_URL}"`);
    expect(sent.emails?.[0]?.html).not.toContain('/t/c/');
    await first.close();

    // Another run of the app on the same cache, with the platform out of reach.
    proxy().mode = 'down';
    const again = await testPlatform.openCore({}, dataDir);
    const offline = await call<ReportSnapshot>(again.core, 'reports.get', { ...WEEKLY, id: letter.id });
    expect(offline).toEqual({ ...report, offline: true });
    expect(await call<ReportSnapshot>(again.core, 'reports.get', { ...WEEKLY, id: letter.id, activity: 'all' })).toEqual({ ...everything, offline: true });
    expect(await call<SentEmailPage>(again.core, 'reports.sentEmail', { ...WEEKLY, id: letter.id })).toEqual({ ...sent, offline: true });

    const dashboard = await call<ChannelDashboard>(again.core, 'reports.channelDashboard', { ...WEEKLY, days: 30 });
    expect(dashboard.offline).toBe(true);
    expect(dashboard.fetchedAt).toBe(report.fetchedAt);
    expect(dashboard.letters.find((l) => l.id === letter.id)?.metrics).toEqual(report.metrics);
  });

  it('lists the channel’s letters sent in the period with their counts', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const letter = await sentLetter(core, 'Tide tables');
    const dashboard = await call<ChannelDashboard>(core, 'reports.channelDashboard', { ...WEEKLY, days: 7 });
    expect(dashboard.offline).toBe(false);
    const row = dashboard.letters.find((l) => l.id === letter.id);
    expect(row).toMatchObject({ title: 'Tide tables', esp: 0, metrics: { sent: 3, accepted: 3 } });
    expect(row!.publicationDate).not.toBeNull();
  });

  it('has nothing to show offline for a report never seen, and says a download needs the platform', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    proxy().mode = 'down';
    expect(await call<ReportSnapshot>(core, 'reports.get', { ...WEEKLY, id: 987654 })).toEqual({
      metrics: null,
      topLinks: null,
      head: null,
      hourPerformance: null,
      opensByCountry: null,
      fetchedAt: null,
      offline: true,
    });
    expect(await call<UserActivityPage>(core, 'reports.userActivity', { ...WEEKLY, id: 987654 })).toEqual({ activity: null, fetchedAt: null, offline: true });
    expect(await call<SentEmailPage>(core, 'reports.sentEmail', { ...WEEKLY, id: 987654 })).toEqual({ emails: null, fetchedAt: null, offline: true });
    const download = await core.dispatch('reports.downloadCsv', { ...WEEKLY, id: 987654, type: 'opens' });
    expect(download).toEqual({ ok: false, error: { code: 'offline', message: expect.stringContaining('needs a connection') } });
  });

  it('refuses a period that ends before it starts, and a channel it does not know, changing nothing', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const backwards = await core.dispatch('reports.downloadCsv', { ...WEEKLY, id: 1, type: 'opens', from: '2026-05-02', to: '2026-05-01' });
    expect(backwards).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { to: ['The start date must be on or before the end date.'] } } });
    const unknown = await core.dispatch('reports.get', { brandSlug: 'demo', channelSlug: 'nowhere', id: 1 });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

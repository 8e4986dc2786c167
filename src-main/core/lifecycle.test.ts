import { openGraphHandlers } from './handlers/open-graph';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../shared/contract/bridge';
import { SCHEDULING_REQUIREMENTS_MESSAGE } from '../../shared/contract/platform-letters';
import { DEFAULT_ON_FEATURE_FLAGS, FEATURE_FLAG_NAMES } from '../../shared/model/feature-flags';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import type { PlatformConnection } from './core-context';
import { call, platformView, useTestPlatform, WEEKLY } from './testing/test-core';

// The lifecycle actions of spec 1 §4 through the core, against a real platform: status
// changes, scheduling with the schedule step's local fields, test sends, clones, flags.

const UNREACHABLE = 'http://127.0.0.1:9';
const testPlatform = useTestPlatform();
const { platform, cleanup, tempDir } = testPlatform;

/** A core signed in to the platform (its session knows the channels), or started offline on a cache that does. */
async function openCore(connection: Partial<PlatformConnection> = {}, dataDir = tempDir()) {
  const opened = await testPlatform.openCore(connection, dataDir);
  await call(opened.core, 'app.session', {});
  return opened;
}

/** A wall-clock time tomorrow, in the format the platform stores. */
function tomorrowAtTen(): string {
  const day = new Date(Date.now() + 36 * 3600 * 1000);
  return `${day.toISOString().slice(0, 10)} 10:00:00`;
}

async function failure(result: Promise<{ ok: boolean; error?: { code: string; message: string; fields?: Record<string, string[]> } }>) {
  const answer = await result;
  expect(answer.ok).toBe(false);
  return answer.error!;
}

describe('pushing a draft', () => {
  it('carries the letter’s styles to the platform with its blocks and title', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const settings = { ...letter.settings, backgroundColorBody: '#123456', maxWidthDesktop: 700 };
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Styled', settings } });
    await call(core, 'sync.now', {});
    const remote = await (await platformView(platform().url)).letter(letter.id!);
    expect(remote?.title).toBe('Styled');
    expect(remote?.settings.backgroundColorBody).toBe('#123456');
    expect(remote?.settings.maxWidthDesktop).toBe(700);
  });
});

describe('scheduling', () => {
  it('goes draft → schedule → scheduled with the fields kept locally, then back to draft with Pause and edit', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Monday news' } });

    const inSchedule = await call<Letter>(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
    expect(inSchedule.publicationStatus).toBe(PublicationStatus.schedule);
    expect(inSchedule.title).toBe('Monday news');

    // The schedule step's fields stay on this computer, unsynced, until 'Schedule'.
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { subtitle: 'What happened this week' } });
    await call(core, 'sync.now', {});
    const view = await platformView(platform().url);
    expect((await view.letter(letter.id!))?.subtitle).toBe('');
    const listed = await call<ChannelOutput<'letters.list'>>(core, 'letters.list', WEEKLY);
    expect(listed.find((item) => item.uniqueId === letter.uniqueId)?.unsynced).toBe(true);

    const refused = await failure(core.dispatch('letters.schedule', { uniqueId: letter.uniqueId }));
    expect(refused.code).toBe('invalid_input');
    expect(refused.message).toBe(SCHEDULING_REQUIREMENTS_MESSAGE);
    expect(Object.keys(refused.fields ?? {}).sort()).toEqual(['openGraphHeadline', 'publicationDate', 'segmentId']);
    expect((await view.letter(letter.id!))?.publicationStatus).toBe(PublicationStatus.schedule);

    const date = tomorrowAtTen();
    const utm = [{ key: 'utm_source', value: "{{ first_name | capitalize or 'reader' }}" }];
    await call(core, 'letters.saveLocal', {
      uniqueId: letter.uniqueId,
      changes: {
        segmentId: 0,
        segmentName: 'All active subscribers',
        publicationDate: date,
        openGraphHeadline: 'This week',
        settings: { ...inSchedule.settings, utmEnabled: true, utm },
      },
    });
    const scheduled = await call<Letter>(core, 'letters.schedule', { uniqueId: letter.uniqueId });
    expect(scheduled.publicationStatus).toBe(PublicationStatus.scheduled);
    const remote = await view.letter(letter.id!);
    expect(remote).toMatchObject({
      publicationStatus: PublicationStatus.scheduled,
      subtitle: 'What happened this week',
      publicationDate: date,
      openGraphHeadline: 'This week',
      segmentId: 0,
      utmEnabled: true,
      utms: utm,
    });
    expect(remote?.emailTemplate).toContain('Monday news');
    const after = await call<ChannelOutput<'letters.list'>>(core, 'letters.list', WEEKLY);
    expect(after.find((item) => item.uniqueId === letter.uniqueId)?.unsynced).toBe(false);

    const paused = await call<Letter>(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.draft });
    expect(paused.publicationStatus).toBe(PublicationStatus.draft);
    expect((await view.letter(letter.id!))?.publicationStatus).toBe(PublicationStatus.draft);
  });

  it('keeps unsent schedule edits when the letter goes back to draft, and pushes them then', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { subtitle: 'Kept', subjectB: 'Other subject' } });
    const draft = await call<Letter>(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.draft });
    expect(draft).toMatchObject({ publicationStatus: PublicationStatus.draft, subtitle: 'Kept', subjectB: 'Other subject' });
    await call(core, 'sync.now', {});
    expect(await (await platformView(platform().url)).letter(letter.id!)).toMatchObject({ subtitle: 'Kept', subjectB: 'Other subject' });
  });

  it('refuses a change the platform does not allow, with its message, and changes nothing', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const refused = await failure(core.dispatch('letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.published }));
    expect(refused.code).toBe('conflict');
    expect(refused.message.length).toBeGreaterThan(0);
    const local = await call<Letter>(core, 'letters.get', { ...WEEKLY, id: letter.uniqueId });
    expect(local.publicationStatus).toBe(PublicationStatus.draft);
  });
});

describe('the private switch', () => {
  it('sets the flag on the platform as the editor’s choice, keeps the schedule step’s local fields, and scheduling keeps the choice', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Members news' } });
    await call(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { subtitle: 'Not sent yet' } });

    const made = await call<Letter>(core, 'letters.setPrivate', { uniqueId: letter.uniqueId, private: true });
    expect(made).toMatchObject({ private: true, privateChosen: true, subtitle: 'Not sent yet' });
    const view = await platformView(platform().url);
    expect(await view.letter(letter.id!)).toMatchObject({ private: true, privateChosen: true, subtitle: '' });
    const listed = await call<ChannelOutput<'letters.list'>>(core, 'letters.list', WEEKLY);
    expect(listed.find((item) => item.uniqueId === letter.uniqueId)?.private).toBe(true);

    // To all active subscribers, whose default is public: the editor's choice stands.
    await call(core, 'letters.saveLocal', {
      uniqueId: letter.uniqueId,
      changes: { segmentId: 0, segmentName: 'All active subscribers', publicationDate: tomorrowAtTen(), openGraphHeadline: 'Members' },
    });
    const scheduled = await call<Letter>(core, 'letters.schedule', { uniqueId: letter.uniqueId });
    expect(scheduled).toMatchObject({ publicationStatus: PublicationStatus.scheduled, private: true });

    const publicAgain = await call<Letter>(core, 'letters.setPrivate', { uniqueId: letter.uniqueId, private: false });
    expect(publicAgain).toMatchObject({ private: false, publicationStatus: PublicationStatus.scheduled });
    expect((await view.letter(letter.id!))?.private).toBe(false);
  });

  it('needs a connection and changes nothing offline', async () => {
    const dataDir = tempDir();
    await (await openCore({}, dataDir)).close();
    const { core } = await openCore({ url: UNREACHABLE }, dataDir);
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const refused = await failure(core.dispatch('letters.setPrivate', { uniqueId: letter.uniqueId, private: true }));
    expect(refused).toMatchObject({
      code: 'offline',
      message: 'Changing who can read the letter on the web needs a connection to the platform. Your letter is saved on this computer.',
    });
    expect((await call<Letter>(core, 'letters.get', { ...WEEKLY, id: letter.uniqueId })).private).toBe(false);
  });
});

describe('offline', () => {
  it('says that scheduling and test sends need a connection and changes nothing; clones still work', async () => {
    const dataDir = tempDir();
    await (await openCore({}, dataDir)).close();
    const { core } = await openCore({ url: UNREACHABLE }, dataDir);
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'On the train' } });

    const status = await failure(core.dispatch('letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule }));
    expect(status).toMatchObject({ code: 'offline', message: 'Changing the status needs a connection to the platform. Your letter is saved on this computer.' });
    const test = await failure(core.dispatch('letters.sendTest', { uniqueId: letter.uniqueId, toEmail: 'me@example.com' }));
    expect(test.code).toBe('offline');
    const mailbox = await failure(core.dispatch('localMailbox.list', {}));
    expect(mailbox).toMatchObject({ code: 'offline', message: 'The local mailbox is on the platform: it needs a connection to the platform.' });
    const local = await call<Letter>(core, 'letters.get', { ...WEEKLY, id: letter.uniqueId });
    expect(local).toMatchObject({ publicationStatus: PublicationStatus.draft, title: 'On the train' });

    const copy = await call<Letter>(core, 'letters.clone', { uniqueId: letter.uniqueId });
    expect(copy).toMatchObject({ title: 'Copy of On the train', publicationStatus: PublicationStatus.draft, publicationDate: null, id: null });
    expect(copy.uniqueId).not.toBe(letter.uniqueId);
    expect(copy.blocks).toBe(local.blocks);
  });
});

describe('other platform calls', () => {
  it('sends a test email and answers the platform’s message', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Kept for a look' } });
    const sent = await call<ChannelOutput<'letters.sendTest'>>(core, 'letters.sendTest', { uniqueId: letter.uniqueId, toEmail: 'editor@example.com' });
    expect(sent.message).toBe('Test sent. It should arrive in a jiffy.');
    // The test platform has no SMTP server: the email stayed in its local mailbox, which the app can list.
    expect(sent.keptInLocalMailbox).toBe(true);
    const mailbox = await call<ChannelOutput<'localMailbox.list'>>(core, 'localMailbox.list', {});
    expect(mailbox.smtpConfigured).toBe(false);
    expect(mailbox.items[0]).toMatchObject({ subject: 'Kept for a look', to: 'editor@example.com' });
    const refused = await failure(core.dispatch('letters.sendTest', { uniqueId: letter.uniqueId, toEmail: 'not an address' }));
    expect(refused.code).toBe('invalid_input');
  });

  it('checks merge tags with the platform and reads every feature flag, kept for offline use', async () => {
    const dataDir = tempDir();
    const online = await openCore({}, dataDir);
    const letter = await call<Letter>(online.core, 'letters.create', WEEKLY);
    const good = await call<{ valid: boolean }>(online.core, 'letters.validateMergeTag', { uniqueId: letter.uniqueId, mergeTag: "{{ first_name | capitalize or 'friend' }}" });
    const bad = await call<{ valid: boolean }>(online.core, 'letters.validateMergeTag', { uniqueId: letter.uniqueId, mergeTag: '{{ nope' });
    expect(good.valid).toBe(true);
    expect(bad.valid).toBe(false);

    const flags = await call<Record<string, boolean>>(online.core, 'featureFlags.get', WEEKLY);
    expect(Object.keys(flags).sort()).toEqual([...FEATURE_FLAG_NAMES].sort());
    // A new organization (the demo one) starts with every feature that works on.
    expect(Object.entries(flags).filter(([, on]) => on).map(([name]) => name).sort()).toEqual([...DEFAULT_ON_FEATURE_FLAGS].sort());
    await online.close();

    const offline = await openCore({ url: UNREACHABLE }, dataDir);
    expect(await call(offline.core, 'featureFlags.get', WEEKLY)).toEqual(flags);
  });

  it('reads a page’s Open Graph card, and says when a page cannot be loaded', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/missing') return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(
        '<html><head><title>Fallback</title><meta property="og:title" content="Card title"><meta name="description" content="About it">' +
          '<meta property="og:image" content="/card.png"></head><body></body></html>',
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The page server stands in for the platform's own pages, the only ones read.
    const { 'social.loadOpenGraph': load } = openGraphHandlers({ platformUrl: base });
    expect(await load({ url: `${base}/page` })).toEqual({
      title: 'Card title',
      description: 'About it',
      image: `${base}/card.png`,
    });
    await expect(load({ url: `${base}/missing` })).rejects.toMatchObject({ message: 'unable to load content from URL' });
    await expect(load({ url: 'javascript:alert(1)' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it("reads only the platform's pages: another address is refused before any connection", async () => {
    let asked = 0;
    const server = createServer((_request, response) => {
      asked += 1;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<title>Elsewhere</title>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanup.add(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const elsewhere = `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
    const { core } = await openCore();
    const refusal = await failure(core.dispatch('social.loadOpenGraph', { url: elsewhere }));
    expect(refusal).toMatchObject({ code: 'invalid_input' });
    expect(refusal.message).toMatch(/^An open-graph URL must start with http:\/\/127\.0\.0\.1:\d+$/);
    expect(refusal.message).not.toContain(elsewhere);
    expect(asked).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { LetterListItem, Session } from '../../shared/contract/bridge';
import type { ChannelSettings } from '../../shared/model/channel-settings';
import type { Letter } from '../../shared/model/letter';
import { parseSections, serializeSections } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { DELETE_OFFLINE_MESSAGE } from './handlers/letter-deletion';
import { TEMPLATE_NOT_FOUND_MESSAGE } from './handlers/letters';
import { call, platformView, useTestPlatform, WEEKLY } from './testing/test-core';

// The letters list's delete and metrics, and the channel settings screen, through the core
// against a real SQLite file and a real platform server.

const testPlatform = useTestPlatform();
const { platform, tempDir } = testPlatform;

async function openCore(dataDir?: string) {
  const opened = await testPlatform.openCore({}, dataDir);
  await call(opened.core, 'app.session', {});
  return opened;
}

const listed = async (core: Awaited<ReturnType<typeof openCore>>['core']) =>
  (await call<LetterListItem[]>(core, 'letters.list', { ...WEEKLY, status: 'any' })).map((item) => item.uniqueId);

describe('deleting a letter', () => {
  it('deletes it on the platform and on this computer', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    expect(letter.id).toBeGreaterThan(0);
    expect(await listed(core)).toContain(letter.uniqueId);

    await call(core, 'letters.delete', { uniqueId: letter.uniqueId });
    expect(await listed(core)).not.toContain(letter.uniqueId);
    expect(await (await platformView(platform().url)).letter(letter.id!)).toBeNull();
  });

  it('offline, refuses a letter the platform holds and changes nothing, but deletes one only here', async () => {
    const dataDir = tempDir();
    const online = await openCore(dataDir);
    const synced = await call<Letter>(online.core, 'letters.create', WEEKLY);
    await online.close();

    const offline = await testPlatform.openCore({ url: 'http://127.0.0.1:9' }, dataDir);
    const refused = await offline.core.dispatch('letters.delete', { uniqueId: synced.uniqueId });
    expect(refused).toEqual({ ok: false, error: { code: 'offline', message: DELETE_OFFLINE_MESSAGE } });
    expect(await listed(offline.core)).toContain(synced.uniqueId);

    const localOnly = await call<Letter>(offline.core, 'letters.create', WEEKLY);
    expect(localOnly.id).toBeNull();
    await call(offline.core, 'letters.delete', { uniqueId: localOnly.uniqueId });
    expect(await listed(offline.core)).not.toContain(localOnly.uniqueId);
    await offline.close();

    // Back online, nothing queued for the deleted letter reaches the platform.
    const back = await openCore(dataDir);
    await call(back.core, 'sync.now', {});
    const titles = (await (await platformView(platform().url)).list()).map((item) => item.uniqueId);
    expect(titles).not.toContain(localOnly.uniqueId);
    expect(titles).toContain(synced.uniqueId);
  });

  it('says a letter that does not exist does not exist', async () => {
    const { core } = await openCore();
    const result = await core.dispatch('letters.delete', { uniqueId: 'no-such-letter' });
    expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe("the list's metrics", () => {
  it('answers zeros for letters never sent, and nothing offline', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const metrics = await call<{ items: unknown[]; offline: boolean }>(core, 'letters.metrics', { ...WEEKLY, ids: [letter.id] });
    expect(metrics).toEqual({
      offline: false,
      items: [{ id: letter.id, sent: 0, accepted: 0, delivered: 0, opensUnique: 0, opensUniqueConfirmed: 0, clicksUnique: 0 }],
    });

    const offline = await testPlatform.openCore({ url: 'http://127.0.0.1:9' });
    expect(await call(offline.core, 'letters.metrics', { ...WEEKLY, ids: [letter.id] })).toEqual({ items: [], offline: true });
  });
});

describe('channel settings', () => {
  it('saves on the platform, and the session describes the channel with the new values', async () => {
    const { core } = await openCore();
    const current = await call<ChannelSettings>(core, 'channels.getSettings', WEEKLY);
    expect(current.timezone).toBe('America/New_York');
    const next: ChannelSettings = { ...current, accentColor: '#e8590c', backgroundColor: '#fff9db', footerLanguage: 'sp', logoUrl: 'https://cdn.example.com/w.png' };
    expect(await call(core, 'channels.saveSettings', { ...WEEKLY, settings: next })).toEqual(next);
    const session = await call<Session>(core, 'app.session', {});
    const weekly = session.organizations[0]!.channels.find((channel) => channel.channelSlug === 'weekly')!;
    expect(weekly).toMatchObject({ accentColor: '#e8590c', backgroundColor: '#fff9db', footerLanguage: 'sp', channelSquareLogo: 'https://cdn.example.com/w.png' });
  });

  it('refuses bad values with field messages before asking the platform', async () => {
    const { core } = await openCore();
    const current = await call<ChannelSettings>(core, 'channels.getSettings', WEEKLY);
    const result = await core.dispatch('channels.saveSettings', { ...WEEKLY, settings: { ...current, fontColor: 'dark' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { 'settings.fontColor': ['Enter a colour such as #1D2D4D.'] } } });
  });
});

describe('a new letter from a template', () => {
  it("starts with the template's blocks and styles, as a draft with a title of its own", async () => {
    const { core } = await openCore();
    const template = await call<Letter>(core, 'letters.create', { ...WEEKLY, template: true });
    const paragraph = { ...newSection('paragraph', 'template-intro'), delta: { ops: [{ insert: 'Welcome aboard\n' }] } };
    const blocks = serializeSections([paragraph, ...parseSections(template.blocks)]);
    await call(core, 'letters.saveLocal', {
      uniqueId: template.uniqueId,
      changes: { title: 'Welcome series', blocks, settings: { ...template.settings, backgroundColorBody: '#fff9db' } },
    });
    const letter = await call<Letter>(core, 'letters.create', { ...WEEKLY, templateUniqueId: template.uniqueId });
    expect(letter.publicationStatus).toBe(0);
    expect(letter.uniqueId).not.toBe(template.uniqueId);
    expect(letter.title).toBe(`Draft ${letter.id}`);
    expect(letter.blocks).toBe(blocks);
    expect(letter.settings.backgroundColorBody).toBe('#fff9db');
  });

  it('refuses a letter that is not a template of the channel, and makes nothing', async () => {
    const { core } = await openCore();
    const draft = await call<Letter>(core, 'letters.create', WEEKLY);
    const before = await listed(core);
    const result = await core.dispatch('letters.create', { ...WEEKLY, templateUniqueId: draft.uniqueId });
    expect(result).toEqual({ ok: false, error: { code: 'invalid_input', message: TEMPLATE_NOT_FOUND_MESSAGE } });
    expect(await listed(core)).toEqual(before);
  });

  it("writes a new letter's footer in the channel's footer language", async () => {
    const { core } = await openCore();
    const current = await call<ChannelSettings>(core, 'channels.getSettings', WEEKLY);
    await call(core, 'channels.saveSettings', { ...WEEKLY, settings: { ...current, footerLanguage: 'sp' } });
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const footer = JSON.parse(letter.blocks).find((section: { type: string }) => section.type === 'footer');
    expect(footer.blockModel.languageType).toBe('sp');
    await call(core, 'channels.saveSettings', { ...WEEKLY, settings: { ...current, footerLanguage: 'en' } });
  });
});

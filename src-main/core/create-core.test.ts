import { describe, expect, it } from 'vitest';
import { EMBEDDED_ACCOUNT } from '../../shared/contract/platform-api';
import type { Preview } from '../../shared/contract/bridge';
import { newSection, serializeSections } from '../../shared/model';
import type { Letter } from '../../shared/model/letter';
import { call, platformView, useTestPlatform, WEEKLY } from './testing/test-core';

// The core against a real SQLite file and a real platform server on loopback.

const ACCOUNT = EMBEDDED_ACCOUNT;
/** A port nothing listens on: the platform is unreachable, as on a train. */
const UNREACHABLE = 'http://127.0.0.1:9';

const { platform, openCore, tempDir } = useTestPlatform();

async function platformLetter(id: number) {
  return (await platformView(platform().url)).letter(id);
}

describe('the transport edge', () => {
  it('refuses bad input with field messages before any handler runs, and stores nothing', async () => {
    const { core } = await openCore();
    const refused = await core.dispatch('letters.create', { brandSlug: '', channelSlug: 'weekly' });
    expect(refused).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'Choose an organization', fields: { brandSlug: ['Choose an organization'] } },
    });
    expect(await call(core, 'letters.list', WEEKLY)).toEqual([]);
  });

  it('refuses an unknown channel name', async () => {
    const { core } = await openCore();
    const result = await core.dispatch('letters.drop', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('invalid_input');
  });
});

describe('online', () => {
  it('signs into the embedded platform and lists its organizations', async () => {
    const { core } = await openCore();
    const session = await call<{ signedIn: boolean; organizations: Array<{ slug: string; channels: Array<{ channelSlug: string }> }> }>(
      core,
      'app.session',
      {},
    );
    expect(session.signedIn).toBe(true);
    const demo = session.organizations.find((o) => o.slug === 'demo');
    expect(demo?.channels.map((c) => c.channelSlug)).toContain('weekly');
  });

  it('creates a letter that the platform names Draft {id}, and pushes edits to it', async () => {
    const { core, events } = await openCore();
    await call(core, 'app.session', {});
    const created = await call<{ id: number; uniqueId: string; title: string }>(core, 'letters.create', WEEKLY);
    expect(created.id).toBeGreaterThan(0);
    expect(created.title).toBe(`Draft ${created.id}`);

    const saved = await call<{ title: string }>(core, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Hello, readers' } });
    expect(saved.title).toBe('Hello, readers');
    const [listed] = await call<Array<{ title: string; unsynced: boolean }>>(core, 'letters.list', WEEKLY);
    expect(listed).toMatchObject({ title: 'Hello, readers', unsynced: true });

    const status = await call<{ state: string; pending: number }>(core, 'sync.now', {});
    expect(status).toMatchObject({ state: 'synced', pending: 0 });
    expect((await platformLetter(created.id))?.title).toBe('Hello, readers');
    const [afterSync] = await call<Array<{ unsynced: boolean; version: number }>>(core, 'letters.list', WEEKLY);
    expect(afterSync?.unsynced).toBe(false);
    expect(events.some((e) => e.event === 'letters.changed')).toBe(true);
  });

  it('opens a letter by its platform id or its uniqueId, and answers null for a missing one', async () => {
    const { core } = await openCore();
    await call(core, 'app.session', {});
    const created = await call<{ id: number; uniqueId: string }>(core, 'letters.create', WEEKLY);
    const byId = await call<{ uniqueId: string }>(core, 'letters.get', { ...WEEKLY, id: String(created.id) });
    const byUniqueId = await call<{ id: number }>(core, 'letters.get', { ...WEEKLY, id: created.uniqueId });
    expect(byId.uniqueId).toBe(created.uniqueId);
    expect(byUniqueId.id).toBe(created.id);
    expect(await call(core, 'letters.get', { ...WEEKLY, id: '99999999' })).toBeNull();
  });
});

describe('the preview', () => {
  it('renders a stored letter and unsaved content, with insights, and refuses bad blocks', async () => {
    const { core } = await openCore();
    await call(core, 'app.session', {});
    const created = await call<Letter>(core, 'letters.create', WEEKLY);
    const paragraph = newSection('paragraph', 'p-1');
    paragraph.delta = { ops: [{ insert: 'Hello readers of the harbour town.\n' }] };
    await call(core, 'letters.saveLocal', {
      uniqueId: created.uniqueId,
      changes: { blocks: serializeSections([paragraph, newSection('footer', 'f-1')]) },
    });

    const stored = await call<Preview>(core, 'render.preview', { uniqueId: created.uniqueId });
    expect(stored.html).toContain('Hello readers of the harbour town.');
    expect(stored.html).toContain('/unsubscribe/weekly/');
    expect(stored.errors).toEqual([]);
    expect(stored.insights).toMatchObject({ weight: 'Good', flags: { missingUnsubscribe: false } });
    expect(stored.insights.wordCount).toBeGreaterThanOrEqual(6);

    paragraph.delta = { ops: [{ insert: 'Unsaved words only.\n' }] };
    const unsaved = await call<Preview>(core, 'render.preview', { letter: { ...created, blocks: serializeSections([paragraph]) } });
    expect(unsaved.html).toContain('Unsaved words only.');
    expect(unsaved.insights.flags.missingUnsubscribe).toBe(true);

    const missing = await core.dispatch('render.preview', { uniqueId: 'no-such-letter' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', message: 'Eep. It doesn’t look like this letter exists.' } });
    const garbage = await core.dispatch('letters.saveLocal', { uniqueId: created.uniqueId, changes: { blocks: '[{"type":"nope"}]' } });
    expect(garbage).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'These blocks do not match the letter model.' } });
  });
});

describe('offline', () => {
  it('drafts with the platform unreachable, keeps the work across restarts, and syncs it later', async () => {
    const dataDir = tempDir();
    // A first run online leaves the session (organizations and channels) in the cache.
    const first = await openCore({}, dataDir);
    await call(first.core, 'app.session', {});
    await first.close();

    const offline = await openCore({ url: UNREACHABLE }, dataDir);
    const session = await call<{ signedIn: boolean }>(offline.core, 'app.session', {});
    expect(session.signedIn).toBe(true);
    const draft = await call<{ id: number | null; uniqueId: string; title: string }>(offline.core, 'letters.create', WEEKLY);
    expect(draft.id).toBeNull();
    await call(offline.core, 'letters.saveLocal', { uniqueId: draft.uniqueId, changes: { title: 'Written on a train' } });
    const status = await call<{ state: string; pending: number }>(offline.core, 'sync.now', {});
    expect(status).toMatchObject({ state: 'offline', pending: 1 });
    await offline.close();

    const reopened = await openCore({ url: UNREACHABLE }, dataDir);
    const kept = await call<{ title: string; id: number | null }>(reopened.core, 'letters.get', { ...WEEKLY, id: draft.uniqueId });
    expect(kept).toMatchObject({ title: 'Written on a train', id: null });
    await reopened.close();

    const online = await openCore({}, dataDir);
    expect(await call(online.core, 'sync.now', {})).toMatchObject({ state: 'synced', pending: 0 });
    const synced = await call<{ id: number; title: string }>(online.core, 'letters.get', { ...WEEKLY, id: draft.uniqueId });
    expect(synced.id).toBeGreaterThan(0);
    expect(synced.title).toBe('Written on a train');
    expect((await platformLetter(synced.id))?.title).toBe('Written on a train');
  });
});

describe('audience options', () => {
  it('lists the channel segments online and the last list seen offline', async () => {
    const dataDir = tempDir();
    const online = await openCore({}, dataDir);
    await call(online.core, 'app.session', {});
    const fresh = await call<{ items: Array<{ id: number; name: string }>; offline: boolean }>(online.core, 'segments.list', WEEKLY);
    expect(fresh.offline).toBe(false);
    expect(fresh.items[0]).toMatchObject({ id: 0, name: 'All active subscribers' });
    expect(fresh.items.length).toBeGreaterThan(1);
    await online.close();

    const offline = await openCore({ url: UNREACHABLE }, dataDir);
    const cached = await call<{ items: unknown[]; offline: boolean; fetchedAt: string | null }>(offline.core, 'segments.list', WEEKLY);
    expect(cached).toMatchObject({ offline: true, items: fresh.items });
    expect(cached.fetchedAt).not.toBeNull();
  });
});

describe('a remote platform', () => {
  it('needs a sign-in, refuses a wrong password with the platform message, and accepts the right one', async () => {
    const { core } = await openCore({ mode: 'remote', account: undefined });
    expect(await call(core, 'app.session', {})).toMatchObject({ mode: 'remote', signedIn: false, organizations: [] });

    const wrong = await core.dispatch('auth.signIn', { email: ACCOUNT.email, password: 'nope' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthorized', message: 'Incorrect email or password.' } });
    const badEmail = await core.dispatch('auth.signIn', { email: 'not-an-email', password: 'x' });
    expect(badEmail).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { email: ['Enter a valid email address'] } } });

    const session = await call<{ signedIn: boolean; user: { email: string } }>(core, 'auth.signIn', ACCOUNT);
    expect(session).toMatchObject({ signedIn: true, user: { email: ACCOUNT.email } });
    expect(await call(core, 'auth.signOut', {})).toMatchObject({ signedIn: false });
  });
});

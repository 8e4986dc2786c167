import { describe, expect, it } from 'vitest';
import type { LetterListItem } from '../../shared/contract/bridge';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import { call, platformView, useTestPlatform, WEEKLY } from './testing/test-core';

// New template (spec 1 §2, the templates list): letters.create with `template` against a
// real SQLite file and a real platform server; the templates list and the newsletters list
// keep them apart.

const testPlatform = useTestPlatform();
const { platform, tempDir } = testPlatform;

async function openCore() {
  const opened = await testPlatform.openCore();
  await call(opened.core, 'app.session', {});
  return opened.core;
}

const titles = (items: LetterListItem[]) => items.map((item) => item.title);

describe('a new template', () => {
  it('starts as template (3) on this computer and on the platform', async () => {
    const core = await openCore();
    const template = await call<Letter>(core, 'letters.create', { ...WEEKLY, template: true });
    expect(template.publicationStatus).toBe(PublicationStatus.template);
    expect(template.id).toBeGreaterThan(0);
    expect(template.title).toBe(`Draft ${template.id}`);
    expect((await (await platformView(platform().url)).letter(template.id!))?.publicationStatus).toBe(PublicationStatus.template);
  });

  it('is listed among templates and not among newsletters, and a plain create is still a draft', async () => {
    const core = await openCore();
    const template = await call<Letter>(core, 'letters.create', { ...WEEKLY, template: true });
    await call(core, 'letters.saveLocal', { uniqueId: template.uniqueId, changes: { title: 'Welcome series' } });
    const draft = await call<Letter>(core, 'letters.create', { ...WEEKLY, template: false });
    expect(draft.publicationStatus).toBe(PublicationStatus.draft);
    await call(core, 'letters.saveLocal', { uniqueId: draft.uniqueId, changes: { title: 'Monday issue' } });

    // The platform is shared by this file's tests, so other letters may be listed too.
    const templates = titles(await call(core, 'letters.list', { ...WEEKLY, status: 'templates' }));
    expect(templates).toContain('Welcome series');
    expect(templates).not.toContain('Monday issue');
    for (const query of [{ ...WEEKLY, status: 'any' as const }, { ...WEEKLY, status: 'drafts' as const }, WEEKLY]) {
      const newsletters = titles(await call(core, 'letters.list', query));
      expect(newsletters).toContain('Monday issue');
      expect(newsletters).not.toContain('Welcome series');
    }
  });

  it('is made offline too, and reaches the platform as a template once it is back', async () => {
    const dataDir = tempDir();
    const online = await testPlatform.openCore({}, dataDir);
    await call(online.core, 'app.session', {});
    await online.close();

    const offline = await testPlatform.openCore({ url: 'http://127.0.0.1:9' }, dataDir);
    const template = await call<Letter>(offline.core, 'letters.create', { ...WEEKLY, template: true });
    expect(template).toMatchObject({ id: null, publicationStatus: PublicationStatus.template });
    await offline.close();

    const back = await testPlatform.openCore({}, dataDir);
    await call(back.core, 'app.session', {});
    await call(back.core, 'sync.now', {});
    const [listed] = await call<LetterListItem[]>(back.core, 'letters.list', { ...WEEKLY, status: 'templates' });
    expect(listed?.id).toBeGreaterThan(0);
    expect((await (await platformView(platform().url)).letter(listed!.id!))?.publicationStatus).toBe(PublicationStatus.template);
  });

  it('refuses a template flag that is not a boolean and stores nothing', async () => {
    const core = await openCore();
    // Pulled first, so no letter arriving from the platform changes the list meanwhile.
    await call(core, 'sync.now', {});
    const before = await call<LetterListItem[]>(core, 'letters.list', { ...WEEKLY, status: 'templates' });
    const refused = await core.dispatch('letters.create', { ...WEEKLY, template: 'yes' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(core, 'letters.list', { ...WEEKLY, status: 'templates' })).toEqual(before);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../shared/contract/bridge';
import { AUTOMATION_MESSAGES } from '../../shared/contract/platform-automations';
import type { Letter } from '../../shared/model/letter';
import { PublicationEvent, PublicationStatus } from '../../shared/model/publication';
import { call, platformView, useTestPlatform, WEEKLY } from './testing/test-core';

// Templates that run (issue 32) through the core, against a real platform: the configure
// step's trigger is kept on this computer until 'Activate template' sends it with the
// step's fields in one configure call; the configured view reads what the template does.

const testPlatform = useTestPlatform();
const { platform } = testPlatform;

async function openCore() {
  const opened = await testPlatform.openCore();
  await call(opened.core, 'app.session', {});
  return opened;
}

async function templateInConfigure(core: Awaited<ReturnType<typeof openCore>>['core'], title: string): Promise<Letter> {
  const template = await call<Letter>(core, 'letters.create', { ...WEEKLY, template: true });
  await call(core, 'letters.saveLocal', { uniqueId: template.uniqueId, changes: { title } });
  return call<Letter>(core, 'letters.changeStatus', { uniqueId: template.uniqueId, to: PublicationStatus.templateConfigure });
}

const welcome = { trigger: 'newSubscriber', delay: { amount: 2, unit: 'hours' } } as const;

describe('activating a template', () => {
  it('sends the trigger with the configure step’s fields, and the configured view reads it as waiting for subscribers', async () => {
    const { core } = await openCore();
    const template = await templateInConfigure(core, 'Welcome aboard');
    await call(core, 'letters.saveLocal', { uniqueId: template.uniqueId, changes: { subtitle: 'Glad you are here', automation: welcome } });
    // Kept here until Activate, like the schedule step's fields.
    const view = await platformView(platform().url);
    expect((await view.letter(template.id!))?.automation).toBeUndefined();

    const active = await call<Letter>(core, 'letters.activateTemplate', { uniqueId: template.uniqueId, automation: welcome });
    expect(active.publicationStatus).toBe(PublicationStatus.templateConfigured);
    const remote = await view.letter(template.id!);
    expect(remote?.automation).toEqual(welcome);
    expect(remote?.subtitle).toBe('Glad you are here');
    expect(remote?.publicationEvent).toBe(PublicationEvent.newSubscriber);

    const read = await call<ChannelOutput<'letters.automationStatus'>>(core, 'letters.automationStatus', { uniqueId: template.uniqueId });
    expect(read.offline).toBe(false);
    expect(read.status).toMatchObject({ active: true, waitsForNewSubscribers: true, nextRunAt: null, sentCount: 0, waitingCount: 0, automation: welcome });
  });

  it('owes the welcome to the subscribers an import creates only when the import asks for it', async () => {
    const { core } = await openCore();
    const template = await templateInConfigure(core, 'Welcome for imports');
    await call(core, 'letters.saveLocal', { uniqueId: template.uniqueId, changes: { subtitle: 'Hello from the harbour' } });
    await call<Letter>(core, 'letters.activateTemplate', { uniqueId: template.uniqueId, automation: welcome });
    const waiting = async () => (await call<ChannelOutput<'letters.automationStatus'>>(core, 'letters.automationStatus', { uniqueId: template.uniqueId })).status?.waitingCount;
    const importCsv = (csv: string, sendWelcome?: boolean) =>
      call(core, 'audience.importSubscribers', { ...WEEKLY, importId: crypto.randomUUID(), csv, existing: 'skip', mapping: { email: 'email' }, ...(sendWelcome === undefined ? {} : { sendWelcome }) });

    await importCsv('email\r\nold1@imported.test\r\nold2@imported.test\r\n');
    expect(await waiting()).toBe(0);
    await importCsv('email\r\nnew1@imported.test\r\nnew2@imported.test\r\n', true);
    // Two hours' delay: owed, not yet sent.
    expect(await waiting()).toBe(2);
  });

  it('is refused with the platform’s field messages when the preview text is missing, and nothing changes', async () => {
    const { core } = await openCore();
    const template = await templateInConfigure(core, 'Bare welcome');
    const result = await core.dispatch('letters.activateTemplate', { uniqueId: template.uniqueId, automation: welcome });
    expect(result.ok).toBe(false);
    const error = (result as { error: { code: string; message: string; fields?: Record<string, string[]> } }).error;
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe(AUTOMATION_MESSAGES.activationRefused);
    expect(error.fields?.subtitle).toEqual([AUTOMATION_MESSAGES.previewText]);
    const remote = await (await platformView(platform().url)).letter(template.id!);
    expect(remote?.publicationStatus).toBe(PublicationStatus.templateConfigure);
    expect(remote?.automation).toBeUndefined();
  });

  it('starts a recurring digest with its audience and reads its next run; without an audience it is refused', async () => {
    const { core } = await openCore();
    const digest = { trigger: 'recurring', schedule: { frequency: 'weekly', time: '08:00', weekdays: [1, 4] } } as const;
    const template = await templateInConfigure(core, 'Weekly digest');
    await call(core, 'letters.saveLocal', { uniqueId: template.uniqueId, changes: { subtitle: 'The week in short', automation: digest } });
    const refused = await core.dispatch('letters.activateTemplate', { uniqueId: template.uniqueId, automation: digest });
    expect(refused.ok).toBe(false);
    expect((refused as { error: { fields?: Record<string, string[]> } }).error.fields?.segmentId).toEqual([AUTOMATION_MESSAGES.audience]);

    await call(core, 'letters.saveLocal', { uniqueId: template.uniqueId, changes: { segmentId: 0, segmentName: 'All active subscribers' } });
    const active = await call<Letter>(core, 'letters.activateTemplate', { uniqueId: template.uniqueId, automation: digest });
    expect(active.publicationStatus).toBe(PublicationStatus.templateConfigured);
    expect(active.publicationEvent).toBe(PublicationEvent.automation);
    const read = await call<ChannelOutput<'letters.automationStatus'>>(core, 'letters.automationStatus', { uniqueId: template.uniqueId });
    expect(read.status?.waitsForNewSubscribers).toBe(false);
    // Monday or Thursday, 08:00 on the channel's clock (New York), within the next week.
    const next = new Date(read.status!.nextRunAt!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
    const local = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(next);
    expect(local).toMatch(/^(Monday|Thursday) 08:00$/);
  });

  it('refuses a trigger the model does not allow before anything is sent', async () => {
    const { core } = await openCore();
    const template = await templateInConfigure(core, 'Weekly digest');
    const result = await core.dispatch('letters.activateTemplate', {
      uniqueId: template.uniqueId,
      automation: { trigger: 'recurring', schedule: { frequency: 'weekly', time: '8:00', weekdays: [] } },
    });
    expect(result.ok).toBe(false);
    const remote = await (await platformView(platform().url)).letter(template.id!);
    expect(remote?.publicationStatus).toBe(PublicationStatus.templateConfigure);
  });
});

describe('reading what a template does', () => {
  it('says it cannot be read offline instead of failing', async () => {
    const dataDir = testPlatform.tempDir();
    const online = await testPlatform.openCore({}, dataDir);
    await call(online.core, 'app.session', {});
    const template = await templateInConfigure(online.core, 'Read me offline');
    await online.close();
    const offline = await testPlatform.openCore({ url: 'http://127.0.0.1:9' }, dataDir);
    const read = await call<ChannelOutput<'letters.automationStatus'>>(offline.core, 'letters.automationStatus', { uniqueId: template.uniqueId });
    expect(read).toEqual({ status: null, offline: true });
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAIN_CHANNELS, type MainChannel } from '../../shared/contract/ipc-messages';
import { IPC_ALLOW_LIST, REFUSED_SENDER_MESSAGE, registerHandler, type IpcEventLike, type IpcMainLike, type SenderTrust } from './register-handler';

type Listener = (event: IpcEventLike, ...args: unknown[]) => unknown;

/** Records what main registered, like ipcMain, and lets a test deliver messages to it. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  const listeners = new Map<string, Listener>();
  const ipc: IpcMainLike = {
    handle: (channel, listener) => {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
      handlers.set(channel, listener);
    },
    on: (channel, listener) => listeners.set(channel, listener),
  };
  return {
    ipc,
    handlers,
    listeners,
    invoke: (channel: string, event: IpcEventLike, input: unknown) => Promise.resolve(handlers.get(channel)?.(event, input)),
    send: (channel: string, event: IpcEventLike, input: unknown) => listeners.get(channel)?.(event, input),
  };
}

const mainFrame = (url: string): IpcEventLike => ({ senderFrame: { url, parent: null }, sender: { id: 1 } });
const subFrame = (url: string): IpcEventLike => ({ senderFrame: { url, parent: { url: 'app://letterdesk/' } }, sender: { id: 1 } });

function trust(): SenderTrust & { logged: string[] } {
  const logged: string[] = [];
  return { appOrigins: ['app://letterdesk'], log: (message) => logged.push(message), logged };
}

const Input = z.object({ name: z.string().min(1, 'Name is required'), count: z.number().int() });

describe('registerHandler', () => {
  it('answers a well-formed request from the app main frame with the handler value', async () => {
    const fake = fakeIpcMain();
    const calls: unknown[] = [];
    registerHandler(fake.ipc, MAIN_CHANNELS.settingsSave, Input, (input) => (calls.push(input), `saved ${input.name}`), trust());
    await expect(fake.invoke(MAIN_CHANNELS.settingsSave, mainFrame('app://letterdesk/settings'), { name: 'a', count: 2 })).resolves.toEqual({
      ok: true,
      data: 'saved a',
    });
    expect(calls).toEqual([{ name: 'a', count: 2 }]);
  });

  it('refuses other origins, look-alikes, subframes, gone frames and malformed URLs without running the handler', async () => {
    const fake = fakeIpcMain();
    const t = trust();
    let ran = 0;
    registerHandler(fake.ipc, MAIN_CHANNELS.settingsSave, Input, () => ++ran, t);
    const hostile: IpcEventLike[] = [
      mainFrame('https://evil.example/'),
      mainFrame('app://evil/'),
      mainFrame('app://letterdesk.evil.example/'),
      mainFrame('http://letterdesk/'),
      mainFrame('file:///Applications/Letterdesk.app/index.html'),
      mainFrame('data:text/html,<script>1</script>'),
      mainFrame('about:blank'),
      mainFrame('not a url'),
      mainFrame(''),
      subFrame('app://letterdesk/preview'),
      { senderFrame: null, sender: { id: 1 } },
    ];
    for (const event of hostile) {
      const answer = await fake.invoke(MAIN_CHANNELS.settingsSave, event, { name: 'a', count: 1 });
      expect(answer, JSON.stringify(event)).toEqual({ ok: false, error: { code: 'unauthorized', message: REFUSED_SENDER_MESSAGE } });
    }
    expect(ran).toBe(0);
    expect(t.logged).toHaveLength(hostile.length);
    expect(t.logged.some((line) => line.includes('subframe'))).toBe(true);
    expect(t.logged.some((line) => line.includes('malformed sender URL'))).toBe(true);
  });

  it('refuses input of the wrong types with the schema message', async () => {
    const fake = fakeIpcMain();
    let ran = 0;
    registerHandler(fake.ipc, MAIN_CHANNELS.settingsSave, Input, () => ++ran, trust());
    for (const input of [undefined, null, 'name', 42, [], { name: 'a' }, { name: 'a', count: '1' }, { name: 'a', count: 1.5 }]) {
      const answer = (await fake.invoke(MAIN_CHANNELS.settingsSave, mainFrame('app://letterdesk/'), input)) as { ok: boolean; error?: { code: string } };
      expect(answer.ok, JSON.stringify(input)).toBe(false);
      expect(answer.error?.code).toBe('invalid_input');
    }
    const empty = await fake.invoke(MAIN_CHANNELS.settingsSave, mainFrame('app://letterdesk/'), { name: '', count: 1 });
    expect(empty).toMatchObject({ ok: false, error: { message: 'Name is required', fields: { name: ['Name is required'] } } });
    expect(ran).toBe(0);
  });

  it('accepts the development server origin only when it is trusted', async () => {
    const fake = fakeIpcMain();
    registerHandler(fake.ipc, MAIN_CHANNELS.settingsGet, z.undefined(), () => 'ok', { ...trust(), appOrigins: ['app://letterdesk', 'http://localhost:5173'] });
    await expect(fake.invoke(MAIN_CHANNELS.settingsGet, mainFrame('http://localhost:5173/x'), undefined)).resolves.toEqual({ ok: true, data: 'ok' });
    await expect(fake.invoke(MAIN_CHANNELS.settingsGet, mainFrame('http://localhost:5174/x'), undefined)).resolves.toMatchObject({ ok: false });
  });

  it('turns a failing handler into an internal error instead of a rejected promise', async () => {
    const fake = fakeIpcMain();
    const t = trust();
    registerHandler(
      fake.ipc,
      MAIN_CHANNELS.relaunch,
      z.undefined(),
      () => {
        throw new Error('disk full');
      },
      t,
    );
    await expect(fake.invoke(MAIN_CHANNELS.relaunch, mainFrame('app://letterdesk/'), undefined)).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(t.logged).toEqual([`The ${MAIN_CHANNELS.relaunch} handler failed`]);
  });

  it('listens one-way on send channels and drops refused messages', async () => {
    const fake = fakeIpcMain();
    const seen: unknown[] = [];
    registerHandler(fake.ipc, MAIN_CHANNELS.commandState, Input, (input) => void seen.push(input), trust());
    expect(fake.handlers.has(MAIN_CHANNELS.commandState)).toBe(false);
    fake.send(MAIN_CHANNELS.commandState, subFrame('app://letterdesk/'), { name: 'sub', count: 1 });
    fake.send(MAIN_CHANNELS.commandState, mainFrame('https://evil.example/'), { name: 'evil', count: 1 });
    fake.send(MAIN_CHANNELS.commandState, mainFrame('app://letterdesk/'), { name: 'bad', count: 'x' });
    fake.send(MAIN_CHANNELS.commandState, mainFrame('app://letterdesk/'), { name: 'good', count: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual([{ name: 'good', count: 1 }]);
  });

  it('refuses to register a channel that is not on the allow-list', () => {
    const fake = fakeIpcMain();
    expect(() => registerHandler(fake.ipc, 'shell-exec' as MainChannel, Input, () => 1)).toThrow(/allow-list/);
    expect(() => registerHandler(fake.ipc, 'toString' as MainChannel, Input, () => 1)).toThrow(/allow-list/);
    expect(fake.handlers.size + fake.listeners.size).toBe(0);
  });

  it('has an allow-list entry for every main channel and nothing else', () => {
    expect(Object.keys(IPC_ALLOW_LIST).sort()).toEqual(Object.values(MAIN_CHANNELS).sort());
  });
});

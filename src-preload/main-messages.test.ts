import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_COMMAND_MESSAGE, APP_NAVIGATE_MESSAGE, BRIDGE_PORT_MESSAGE, MAIN_CHANNELS } from '../shared/contract/ipc-messages';
import { createDesktopBridge, listenToMain, type IpcRendererEventLike, type IpcRendererLike } from './main-messages';
import { createPortBridgeClient, type ClientPort } from './port-bridge-client';

/** Like ipcRenderer: listeners by channel; what was sent and invoked is recorded. */
function fakeIpcRenderer(answer: (channel: string, input: unknown) => unknown = () => ({ ok: true, data: null })) {
  const listeners = new Map<string, Array<(event: IpcRendererEventLike, ...args: unknown[]) => void>>();
  const sent: Array<[string, unknown[]]> = [];
  const invoked: Array<[string, unknown[]]> = [];
  const ipc: IpcRendererLike & { secret: string } = {
    secret: 'ipcRenderer itself',
    on: (channel, listener) => listeners.set(channel, [...(listeners.get(channel) ?? []), listener]),
    send: (channel, ...args) => void sent.push([channel, args]),
    invoke: async (channel, ...args) => (invoked.push([channel, args]), answer(channel, args[0])),
  };
  // Electron's events carry the sender (ipcRenderer itself) and more; the page must see none of it.
  const emit = (channel: string, ...args: unknown[]) => {
    const event = { ports: [], sender: ipc, senderId: 0, preventDefault: () => undefined } as IpcRendererEventLike;
    for (const listener of listeners.get(channel) ?? []) listener(event, ...args);
    return event;
  };
  return { ipc, emit, sent, invoked };
}

/** True if `value` (an object graph the page can reach) contains `needle` anywhere. */
function reaches(value: unknown, needle: unknown, seen = new Set<unknown>()): boolean {
  if (value === needle) return true;
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) return false;
  seen.add(value);
  return Object.values(value as Record<string, unknown>).some((child) => reaches(child, needle, seen));
}

describe("the preload's messages from main", () => {
  it('delivers menu commands and routes to listeners as the payload alone', () => {
    const fake = fakeIpcRenderer();
    const client = createPortBridgeClient(() => undefined);
    listenToMain(fake.ipc, client, () => ({ postMessage: () => undefined, onMessage: () => undefined }));
    const received: unknown[][] = [];
    client.bridge.on('app.command', (...args: unknown[]) => received.push(args));
    client.bridge.on('app.navigate', (...args: unknown[]) => received.push(args));

    const event = fake.emit(APP_COMMAND_MESSAGE, 'view.togglePreview');
    fake.emit(APP_NAVIGATE_MESSAGE, '/organizations/acme/channels/weekly/newsletters/42');
    expect(received).toEqual([[{ id: 'view.togglePreview' }], [{ path: '/organizations/acme/channels/weekly/newsletters/42' }]]);
    for (const args of received) {
      expect(reaches(args, event)).toBe(false);
      expect(reaches(args, fake.ipc)).toBe(false);
    }
  });

  it('drops malformed messages from main', () => {
    const fake = fakeIpcRenderer();
    const client = createPortBridgeClient(() => undefined);
    listenToMain(fake.ipc, client, () => ({ postMessage: () => undefined, onMessage: () => undefined }));
    const received: unknown[] = [];
    client.bridge.on('app.command', (payload) => received.push(payload));
    client.bridge.on('app.navigate', (payload) => received.push(payload));
    fake.emit(APP_COMMAND_MESSAGE, { id: 'x' });
    fake.emit(APP_NAVIGATE_MESSAGE, 'https://evil.example/');
    fake.emit(APP_NAVIGATE_MESSAGE, '//evil.example/');
    fake.emit(APP_NAVIGATE_MESSAGE, 42);
    expect(received).toEqual([]);
  });

  it("hands the core's port to the bridge client, and ignores a message without one", () => {
    const listeners = new Map<string, (event: IpcRendererEventLike, ...args: unknown[]) => void>();
    const ipc: IpcRendererLike = { on: (channel, listener) => listeners.set(channel, listener), send: () => undefined, invoke: async () => null };
    const connected: ClientPort[] = [];
    const port = {} as MessagePort;
    const adapted: ClientPort = { postMessage: () => undefined, onMessage: () => undefined };
    listenToMain(ipc, { connect: (p) => connected.push(p), deliver: () => undefined }, (p) => (p === port ? adapted : { postMessage: () => undefined, onMessage: () => undefined }));
    listeners.get(BRIDGE_PORT_MESSAGE)?.({ ports: [] });
    expect(connected).toEqual([]);
    listeners.get(BRIDGE_PORT_MESSAGE)?.({ ports: [port] });
    expect(connected).toEqual([adapted]);
  });
});

describe('window.bridge.desktop', () => {
  it('is plain functions that reach main only through the allow-listed channels', async () => {
    const fake = fakeIpcRenderer((channel) => (channel === MAIN_CHANNELS.settingsGet ? { ok: true, data: { saved: { platform: { mode: 'embedded' } } } } : { ok: true, data: null }));
    const desktop = createDesktopBridge(fake.ipc);
    expect(reaches(desktop, fake.ipc)).toBe(false);
    expect(Object.values(desktop).every((value) => typeof value === 'function')).toBe(true);

    await expect(desktop.getSettings()).resolves.toMatchObject({ ok: true, data: { saved: { platform: { mode: 'embedded' } } } });
    await desktop.saveSettings({ platform: { mode: 'remote', url: 'https://a.example' } });
    await desktop.relaunch();
    expect(fake.invoked.map(([channel]) => channel)).toEqual([MAIN_CHANNELS.settingsGet, MAIN_CHANNELS.settingsSave, MAIN_CHANNELS.relaunch]);
    expect(fake.invoked[1]?.[1]).toEqual([{ platform: { mode: 'remote', url: 'https://a.example' } }]);
  });

  it('sends the command state as plain data, whatever object the page passes', () => {
    const fake = fakeIpcRenderer();
    const desktop = createDesktopBridge(fake.ipc);
    const letter = { publicationStatus: 0, esp: 0, isCompanyLevel: false, body: 'x'.repeat(10), toString: () => 'evil' };
    desktop.reportCommandState({ channelOpen: true, letter });
    desktop.reportCommandState({ channelOpen: false, letter: null });
    expect(fake.sent).toEqual([
      [MAIN_CHANNELS.commandState, [{ channelOpen: true, letter: { publicationStatus: 0, esp: 0, isCompanyLevel: false } }]],
      [MAIN_CHANNELS.commandState, [{ channelOpen: false, letter: null }]],
    ]);
  });

  it('turns a failed or malformed answer into an error result', async () => {
    const throwing = createDesktopBridge({ ...fakeIpcRenderer().ipc, invoke: async () => Promise.reject(new Error("No handler registered for 'settings-get'")) });
    await expect(throwing.getSettings()).resolves.toMatchObject({ ok: false, error: { code: 'internal' } });
    const odd = createDesktopBridge(fakeIpcRenderer(() => ({ weird: true })).ipc);
    await expect(odd.getSettings()).resolves.toMatchObject({ ok: false });
    const refused = createDesktopBridge(fakeIpcRenderer(() => ({ ok: false, error: { code: 'unauthorized', message: 'no' } })).ipc);
    await expect(refused.relaunch()).resolves.toEqual({ ok: false, error: { code: 'unauthorized', message: 'no' } });
  });
});

describe('the preload entry', () => {
  it('exposes one object and never ipcRenderer or its events', () => {
    const source = fs.readFileSync(path.join(import.meta.dirname, 'index.ts'), 'utf8');
    expect(source.match(/exposeInMainWorld\(/g)).toHaveLength(1);
    const exposed = source.slice(source.indexOf('exposeInMainWorld('));
    const call = exposed.slice(0, exposed.indexOf(');') + 2);
    expect(call).not.toMatch(/ipcRenderer\s*[,}.]/);
    expect(call).not.toMatch(/\bevent\b/);
  });
});

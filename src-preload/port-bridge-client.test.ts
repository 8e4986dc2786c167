import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeHandlers, SyncStatus } from '../shared/contract/bridge';
import { AppError } from '../shared/contract/errors';
import { createDispatch, type Dispatch } from '../src-main/core/dispatch';
import { createPortBridgeServer, type ServerPort } from '../src-main/electron/port-bridge-server';
import { createPortBridgeClient, type ClientPort } from './port-bridge-client';

// The preload's client and the core's server, end to end over a real MessageChannel (Node's,
// which behaves like Electron's apart from how a 'message' listener receives its data).

const synced: SyncStatus = { state: 'synced', pending: 0, message: null };

const handlers = {
  'sync.status': async () => synced,
  'sync.now': async () => {
    throw new AppError('offline', 'The platform cannot be reached. Your changes are saved on this computer.');
  },
  'auth.signOut': async () => {
    throw new Error('the store exploded');
  },
} as unknown as BridgeHandlers;

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

function channel(): { serverPort: ServerPort; clientPort: ClientPort } {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  return {
    serverPort: {
      postMessage: (message) => port1.postMessage(message),
      onMessage: (listener) => port1.on('message', listener),
      onClose: (listener) => port1.on('close', listener),
      close: () => port1.close(),
    },
    clientPort: {
      postMessage: (message) => port2.postMessage(message),
      onMessage: (listener) => port2.on('message', listener),
      onClose: (listener) => port2.on('close', listener),
      close: () => port2.close(),
    },
  };
}

function setup(dispatch: Dispatch = createDispatch(handlers, () => undefined)) {
  const logged: string[] = [];
  const server = createPortBridgeServer(dispatch, (message) => logged.push(message));
  const client = createPortBridgeClient((message) => logged.push(message));
  return { server, client, bridge: client.bridge, logged };
}

function connectPair(setupResult: ReturnType<typeof setup>) {
  const { serverPort, clientPort } = channel();
  const disconnectServer = setupResult.server.connect(serverPort);
  setupResult.client.connect(clientPort);
  return { disconnectServer };
}

describe('events from main', () => {
  it('delivers a menu command to the page listeners like any core event', () => {
    const client = createPortBridgeClient(() => {});
    const received: unknown[] = [];
    const off = client.bridge.on('app.command', (payload) => received.push(payload));
    client.deliver('app.command', { id: 'view.togglePreview' });
    off();
    client.deliver('app.command', { id: 'letter.sendTestEmail' });
    expect(received).toEqual([{ id: 'view.togglePreview' }]);
  });
});

describe('port bridge client and server', () => {
  it('answers an invoke with the handler result', async () => {
    const pair = setup();
    connectPair(pair);
    await expect(pair.bridge.invoke('sync.status', {})).resolves.toEqual({ ok: true, data: synced });
  });

  it('keeps concurrent requests apart by id', async () => {
    const pair = setup(async (channelName, input) => ({ ok: true, data: { channelName, input } }));
    connectPair(pair);
    const results = await Promise.all(
      [1, 2, 3].map((n) => pair.bridge.invoke('letters.get', { brandSlug: 'b', channelSlug: 'c', id: String(n) })),
    );
    expect(results.map((result) => (result.ok ? (result.data as unknown as { input: { id: string } }).input.id : null))).toEqual(['1', '2', '3']);
  });

  it('delivers events to listeners until they unsubscribe', async () => {
    const pair = setup();
    connectPair(pair);
    const seen: SyncStatus[] = [];
    const unsubscribe = pair.bridge.on('sync.status', (status) => seen.push(status));
    const changed: string[][] = [];
    pair.bridge.on('letters.changed', (payload) => changed.push(payload.uniqueIds));

    pair.server.emit('sync.status', { state: 'syncing', pending: 2, message: null });
    pair.server.emit('letters.changed', { uniqueIds: ['u-1'] });
    // Messages on one port arrive in order: once this answer is back, the events are too.
    await pair.bridge.invoke('sync.status', {});
    expect(seen).toEqual([{ state: 'syncing', pending: 2, message: null }]);
    expect(changed).toEqual([['u-1']]);

    unsubscribe();
    pair.server.emit('sync.status', synced);
    await pair.bridge.invoke('sync.status', {});
    expect(seen).toHaveLength(1);
  });

  it('removes only its own subscription when a listener is subscribed twice', async () => {
    const pair = setup();
    connectPair(pair);
    let calls = 0;
    const listener = () => {
      calls += 1;
    };
    const first = pair.bridge.on('sync.status', listener);
    pair.bridge.on('sync.status', listener);
    first();
    pair.server.emit('sync.status', synced);
    await pair.bridge.invoke('sync.status', {});
    expect(calls).toBe(1);
  });

  it('keeps delivering an event to other listeners when one throws', async () => {
    const pair = setup();
    connectPair(pair);
    const seen: string[] = [];
    pair.bridge.on('sync.status', () => {
      throw new Error('listener bug');
    });
    pair.bridge.on('sync.status', (status) => seen.push(status.state));
    pair.server.emit('sync.status', synced);
    await pair.bridge.invoke('sync.status', {});
    expect(seen).toEqual(['synced']);
    expect(pair.logged.some((line) => line.includes('threw'))).toBe(true);
  });

  it('queues requests made before the port arrives and sends them, in order, once it does', async () => {
    const order: string[] = [];
    const pair = setup(async (channelName) => {
      order.push(String(channelName));
      return { ok: true, data: null };
    });
    const first = pair.bridge.invoke('sync.status', {});
    const second = pair.bridge.invoke('app.session', {});
    let settled = false;
    void first.then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);

    connectPair(pair);
    await expect(first).resolves.toEqual({ ok: true, data: null });
    await expect(second).resolves.toEqual({ ok: true, data: null });
    expect(order).toEqual(['sync.status', 'app.session']);
  });

  it('returns an expected handler failure as an {ok:false} result with its code', async () => {
    const pair = setup();
    connectPair(pair);
    await expect(pair.bridge.invoke('sync.now', {})).resolves.toEqual({
      ok: false,
      error: { code: 'offline', message: 'The platform cannot be reached. Your changes are saved on this computer.' },
    });
  });

  it('returns a handler crash as an internal {ok:false} result', async () => {
    const pair = setup();
    connectPair(pair);
    const result = await pair.bridge.invoke('auth.signOut', {});
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('internal');
  });

  it('returns invalid input as invalid_input with field messages', async () => {
    const pair = setup();
    connectPair(pair);
    const result = await pair.bridge.invoke('auth.signIn', { email: '', password: '' });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_input');
      expect(result.error.fields?.email).toContain('Email is required');
    }
  });

  it('returns a rejecting dispatch as an internal {ok:false} result', async () => {
    const pair = setup(() => Promise.reject(new Error('host fault')));
    connectPair(pair);
    const result = await pair.bridge.invoke('sync.status', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('answers requests in flight with a connection error when the port is replaced, and uses the new one', async () => {
    const never = setup(() => new Promise(() => undefined));
    connectPair(never);
    const stuck = never.bridge.invoke('sync.now', {});
    await new Promise((resolve) => setTimeout(resolve, 10));

    const { serverPort, clientPort } = channel();
    createPortBridgeServer(createDispatch(handlers, () => undefined)).connect(serverPort);
    never.client.connect(clientPort);

    await expect(stuck).resolves.toMatchObject({ ok: false, error: { code: 'offline' } });
    await expect(never.bridge.invoke('sync.status', {})).resolves.toEqual({ ok: true, data: synced });
  });

  it('answers requests in flight when the core end closes, and queues later ones', async () => {
    const pair = setup(() => new Promise(() => undefined));
    const { disconnectServer } = connectPair(pair);
    const stuck = pair.bridge.invoke('sync.now', {});
    await new Promise((resolve) => setTimeout(resolve, 10));
    disconnectServer();
    await expect(stuck).resolves.toMatchObject({ ok: false, error: { code: 'offline' } });

    const later = pair.bridge.invoke('sync.status', {});
    const { serverPort, clientPort } = channel();
    createPortBridgeServer(createDispatch(handlers, () => undefined)).connect(serverPort);
    pair.client.connect(clientPort);
    await expect(later).resolves.toEqual({ ok: true, data: synced });
  });
});

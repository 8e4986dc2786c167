import { EventEmitter } from 'node:events';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResponseMessage } from '../../shared/contract/bridge';
import { createPortBridgeServer, fromMessagePortMain, type MessagePortMainLike, type ServerPort } from './port-bridge-server';

// The server on its own, driven by raw wire messages over Node's MessageChannel.

const open: MessagePort[] = [];
afterEach(() => {
  for (const port of open.splice(0)) port.close();
});

function rawChannel() {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  const serverPort: ServerPort = {
    postMessage: (message) => port1.postMessage(message),
    onMessage: (listener) => port1.on('message', listener),
    onClose: (listener) => port1.on('close', listener),
    close: () => port1.close(),
  };
  const received: BridgeResponseMessage[] = [];
  const waiters: Array<() => void> = [];
  port2.on('message', (message: BridgeResponseMessage) => {
    received.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  const nextMessage = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received[count - 1];
  };
  return { serverPort, window: port2, received, nextMessage };
}

const ok = async () => ({ ok: true as const, data: 'pong' });

describe('createPortBridgeServer', () => {
  it('answers with the request id', async () => {
    const server = createPortBridgeServer(ok, () => undefined);
    const { serverPort, window, nextMessage } = rawChannel();
    server.connect(serverPort);
    window.postMessage({ type: 'invoke', id: 7, channel: 'app.session', input: {} });
    await expect(nextMessage(1)).resolves.toEqual({ type: 'result', id: 7, result: { ok: true, data: 'pong' } });
  });

  it('ignores malformed messages and keeps serving', async () => {
    const logged: string[] = [];
    const server = createPortBridgeServer(ok, (message) => logged.push(message));
    const { serverPort, window, nextMessage, received } = rawChannel();
    server.connect(serverPort);
    window.postMessage('hello');
    window.postMessage({ type: 'invoke', id: 'x', channel: 'app.session' });
    window.postMessage({ type: 'invoke', id: 1.5, channel: 'app.session' });
    window.postMessage({ type: 'invoke', id: 2, channel: 'app.session', input: {} });
    await expect(nextMessage(1)).resolves.toMatchObject({ type: 'result', id: 2 });
    expect(received).toHaveLength(1);
    expect(logged.filter((line) => line.includes('malformed'))).toHaveLength(3);
  });

  it('broadcasts events to every connected port and forgets a port whose window closed', async () => {
    const server = createPortBridgeServer(ok, () => undefined);
    const a = rawChannel();
    const b = rawChannel();
    server.connect(a.serverPort);
    server.connect(b.serverPort);
    expect(server.connectionCount).toBe(2);

    server.emit('letters.changed', { uniqueIds: ['u-1'] });
    const event = { type: 'event', event: 'letters.changed', payload: { uniqueIds: ['u-1'] } };
    await expect(a.nextMessage(1)).resolves.toEqual(event);
    await expect(b.nextMessage(1)).resolves.toEqual(event);

    b.window.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.connectionCount).toBe(1);
    server.emit('letters.changed', { uniqueIds: ['u-2'] });
    await expect(a.nextMessage(2)).resolves.toMatchObject({ payload: { uniqueIds: ['u-2'] } });
  });

  it('drops the answer for a window that went away while the handler ran', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const logged: string[] = [];
    const server = createPortBridgeServer(async () => {
      await gate;
      return { ok: true, data: null };
    }, (message) => logged.push(message));
    const { serverPort, window } = rawChannel();
    const disconnect = server.connect(serverPort);
    window.postMessage({ type: 'invoke', id: 1, channel: 'app.session', input: {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    disconnect();
    expect(server.connectionCount).toBe(0);
    finish();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(logged).toEqual([]);
  });

  it('closeAll closes every port', async () => {
    const server = createPortBridgeServer(ok, () => undefined);
    const a = rawChannel();
    const closed = new Promise<void>((resolve) => a.window.once('close', () => resolve()));
    server.connect(a.serverPort);
    server.closeAll();
    expect(server.connectionCount).toBe(0);
    await closed;
  });
});

describe('fromMessagePortMain', () => {
  class FakePortMain extends EventEmitter implements MessagePortMainLike {
    started = false;
    closed = false;
    posted: unknown[] = [];
    postMessage(message: unknown) {
      this.posted.push(message);
    }
    start() {
      this.started = true;
    }
    close() {
      this.closed = true;
    }
  }

  it('unwraps message events, starts the port and passes close through', () => {
    const fake = new FakePortMain();
    const port = fromMessagePortMain(fake);
    const data: unknown[] = [];
    let closed = 0;
    port.onMessage((value) => data.push(value));
    port.onClose(() => {
      closed += 1;
    });
    expect(fake.started).toBe(true);
    fake.emit('message', { data: { type: 'invoke', id: 1 }, ports: [] });
    fake.emit('close');
    expect(data).toEqual([{ type: 'invoke', id: 1 }]);
    expect(closed).toBe(1);
    port.postMessage({ type: 'event', event: 'sync.status', payload: null });
    expect(fake.posted).toHaveLength(1);
    port.close();
    expect(fake.closed).toBe(true);
  });
});

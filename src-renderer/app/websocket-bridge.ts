import type { Bridge, BridgeRequestMessage, BridgeResponseMessage, EventName } from '../../shared/contract/bridge';
import type { Result } from '../../shared/contract/errors';

// `window.bridge` for a plain browser: the same Bridge as Electron's preload, carried over
// a WebSocket to the browser host. Requests wait while the socket (re)connects.

const LOST: Result<never> = {
  ok: false,
  error: { code: 'offline', message: 'Letterdesk lost its connection to the app host. Retrying…' },
};

export function createWebSocketBridge(url: string): Bridge {
  let socket: WebSocket | null = null;
  let nextId = 1;
  let retryMs = 250;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const queue: string[] = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  function connect() {
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener('open', () => {
      retryMs = 250;
      for (const text of queue.splice(0)) ws.send(text);
    });
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as BridgeResponseMessage;
      if (message.type === 'result') {
        pending.get(message.id)?.(message.result);
        pending.delete(message.id);
      } else {
        for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
      }
    });
    ws.addEventListener('close', () => {
      for (const resolve of pending.values()) resolve(LOST);
      pending.clear();
      socket = null;
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
  }
  connect();

  return {
    invoke(channel, input) {
      const id = nextId++;
      const message: BridgeRequestMessage = { type: 'invoke', id, channel, input };
      const text = JSON.stringify(message);
      return new Promise((resolve) => {
        pending.set(id, resolve as (result: Result<unknown>) => void);
        if (socket?.readyState === WebSocket.OPEN) socket.send(text);
        else queue.push(text);
      });
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => set.delete(wrapped);
    },
  };
}

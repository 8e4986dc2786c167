import type { Bridge, BridgeRequestMessage, BridgeResponseMessage, EventName, EventPayload } from '../shared/contract/bridge';
import type { Result } from '../shared/contract/errors';

// The window's side of the MessagePort bridge: request ids, the pending map, event
// listeners, and a queue for requests made before the port arrives (the renderer starts
// before main hands the port over). Type-only imports, so the sandboxed preload bundles no
// zod; and no Electron import, so the tests drive it over a node:worker_threads port.

/** What the client needs of a port. */
export interface ClientPort {
  postMessage(message: BridgeRequestMessage): void;
  /** Registers the one listener for incoming message data (already unwrapped from any event). */
  onMessage(listener: (data: unknown) => void): void;
  /** Registers a listener for the core's end going away (the utility process stopped). */
  onClose?(listener: () => void): void;
  close?(): void;
}

export interface PortBridgeClient {
  /** What the preload exposes as window.bridge. */
  readonly bridge: Bridge;
  /** Uses `port` from now on; a port given earlier is dropped as if it had closed. */
  connect(port: ClientPort): void;
  /** Answers every request in flight with a connection error; later requests wait for `connect`. */
  disconnect(): void;
  /** Delivers an event that comes from main rather than the core (a menu command). */
  deliver<E extends EventName>(event: E, payload: EventPayload<E>): void;
}

export type BridgeLog = (message: string, detail?: unknown) => void;

// Same code and words as the browser host's WebSocket bridge, so the renderer treats a
// lost core the same way in both hosts. Main starts a new core and sends a new port.
const CONNECTION_LOST: Result<never> = {
  ok: false,
  error: { code: 'offline', message: 'Letterdesk lost its connection to the app host. Retrying…' },
};

export function createPortBridgeClient(log: BridgeLog = console.error): PortBridgeClient {
  let port: ClientPort | null = null;
  let nextId = 1;
  const pending = new Map<number, (result: Result<unknown>) => void>();
  const queue: BridgeRequestMessage[] = [];
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();

  function send(message: BridgeRequestMessage): void {
    if (!port) {
      queue.push(message);
      return;
    }
    try {
      port.postMessage(message);
    } catch (error) {
      // postMessage throws only for input that cannot be cloned: a caller's bug, reported
      // to that caller instead of hanging its promise.
      log(`Could not send ${message.channel}`, error);
      settle(message.id, {
        ok: false,
        error: { code: 'invalid_input', message: 'This request could not be sent to the app.' },
      });
    }
  }

  function settle(id: number, result: Result<unknown>): void {
    const resolve = pending.get(id);
    if (!resolve) return;
    pending.delete(id);
    resolve(result);
  }

  function receive(data: unknown): void {
    if (!isResponse(data)) {
      log('Ignored a malformed bridge message', data);
      return;
    }
    if (data.type === 'result') {
      settle(data.id, data.result);
      return;
    }
    for (const listener of [...(listeners.get(data.event) ?? [])]) {
      try {
        listener(data.payload);
      } catch (error) {
        // One failing listener must not keep the event from the others.
        log(`A listener for ${data.event} threw`, error);
      }
    }
  }

  function disconnect(): void {
    const old = port;
    port = null;
    try {
      old?.close?.();
    } catch {
      // Already closed by the other end.
    }
    // Requests already sent may or may not have run; resending could run a write twice,
    // so their callers get an error and decide.
    for (const id of [...pending.keys()]) {
      if (!queue.some((message) => message.id === id)) settle(id, CONNECTION_LOST);
    }
  }

  const bridge: Bridge = {
    invoke: ((channel: string, input: unknown) => {
      const id = nextId++;
      return new Promise<Result<unknown>>((resolve) => {
        pending.set(id, resolve);
        send({ type: 'invoke', id, channel, input });
      });
    }) as Bridge['invoke'],
    on: ((event: EventName, listener: (payload: unknown) => void) => {
      let set = listeners.get(event);
      if (!set) {
        set = new Set();
        listeners.set(event, set);
      }
      // A wrapper per subscription: subscribing the same function twice gives two
      // subscriptions, each removed by its own unsubscribe.
      const subscription = (payload: unknown) => listener(payload);
      set.add(subscription);
      return () => {
        set.delete(subscription);
      };
    }) as Bridge['on'],
  };

  return {
    bridge,
    connect(next) {
      if (port) disconnect();
      port = next;
      next.onMessage(receive);
      next.onClose?.(() => {
        if (port === next) disconnect();
      });
      for (const message of queue.splice(0)) send(message);
    },
    disconnect,
    deliver(event, payload) {
      receive({ type: 'event', event, payload });
    },
  };
}

function isResponse(data: unknown): data is BridgeResponseMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as { type?: unknown; id?: unknown; result?: unknown; event?: unknown };
  if (message.type === 'result') {
    return typeof message.id === 'number' && typeof message.result === 'object' && message.result !== null;
  }
  return message.type === 'event' && typeof message.event === 'string';
}

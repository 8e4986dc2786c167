import type { BridgeRequestMessage, BridgeResponseMessage, EmitEvent } from '../../shared/contract/bridge';
import type { Result } from '../../shared/contract/errors';
import type { Dispatch } from '../core/dispatch';

// The core's side of the MessagePort bridge: answers each request from a window with the
// Result of `dispatch`, and broadcasts the core's events to every connected window. No
// Electron import: the utility process adapts its MessagePortMain to `ServerPort`, and the
// tests adapt a node:worker_threads MessagePort.

/** What the server needs of a port. */
export interface ServerPort {
  postMessage(message: BridgeResponseMessage): void;
  /** Registers the one listener for incoming message data (already unwrapped from any event). */
  onMessage(listener: (data: unknown) => void): void;
  /** Registers a listener for the other end going away (window closed or reloaded). */
  onClose(listener: () => void): void;
  close(): void;
}

export interface PortBridgeServer {
  /** Starts serving a port; the returned function stops serving and closes it. */
  connect(port: ServerPort): () => void;
  /** The core's `emit`: sends the event to every connected port. */
  emit: EmitEvent;
  readonly connectionCount: number;
  /** Closes every port (on shutdown). */
  closeAll(): void;
}

export type BridgeLog = (message: string, detail?: unknown) => void;

// Only a fault in the host itself gets here: the core's dispatch already turns handler
// failures into results. The wording is the one the core uses for faults.
const INTERNAL_FAILURE: Result<never> = {
  ok: false,
  error: { code: 'internal', message: 'Something went wrong. Your work is saved on this computer.' },
};

export function createPortBridgeServer(dispatch: Dispatch, log: BridgeLog = console.error): PortBridgeServer {
  const ports = new Set<ServerPort>();

  function send(port: ServerPort, message: BridgeResponseMessage): void {
    if (!ports.has(port)) return; // the window went away while the handler ran
    try {
      port.postMessage(message);
    } catch (error) {
      log('Could not post a bridge message; dropping the port', error);
      ports.delete(port);
    }
  }

  async function answer(port: ServerPort, request: BridgeRequestMessage): Promise<void> {
    let result: Result<unknown>;
    try {
      result = await dispatch(request.channel, request.input);
    } catch (error) {
      log(`Dispatch of ${request.channel} failed`, error);
      result = INTERNAL_FAILURE;
    }
    send(port, { type: 'result', id: request.id, result });
  }

  return {
    connect(port) {
      ports.add(port);
      const disconnect = () => {
        if (!ports.delete(port)) return;
        try {
          port.close();
        } catch {
          // Already closed by the other end; nothing left to release.
        }
      };
      port.onMessage((data) => {
        if (!isRequest(data)) {
          log('Ignored a malformed bridge message', data);
          return;
        }
        void answer(port, data);
      });
      port.onClose(() => {
        ports.delete(port);
      });
      return disconnect;
    },
    emit(event, payload) {
      for (const port of [...ports]) send(port, { type: 'event', event, payload });
    },
    get connectionCount() {
      return ports.size;
    },
    closeAll() {
      for (const port of [...ports]) {
        ports.delete(port);
        try {
          port.close();
        } catch {
          // Already closed by the other end.
        }
      }
    },
  };
}

function isRequest(data: unknown): data is BridgeRequestMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Partial<BridgeRequestMessage>;
  return (
    message.type === 'invoke' &&
    typeof message.id === 'number' &&
    Number.isInteger(message.id) &&
    typeof message.channel === 'string'
  );
}

/** The structural part of Electron's MessagePortMain that the adapter uses. */
export interface MessagePortMainLike {
  on(event: 'message', listener: (event: { data: unknown }) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  postMessage(message: unknown): void;
  start(): void;
  close(): void;
}

/** Adapts a MessagePortMain (whose 'message' listener gets `{ data, ports }`) to `ServerPort`. */
export function fromMessagePortMain(port: MessagePortMainLike): ServerPort {
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => {
      port.on('message', (event) => listener(event.data));
      // A MessagePortMain queues messages until it is started.
      port.start();
    },
    onClose: (listener) => {
      port.on('close', listener);
    },
    close: () => port.close(),
  };
}

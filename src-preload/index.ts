import { contextBridge, ipcRenderer } from 'electron';
import { APP_COMMAND_MESSAGE, BRIDGE_PORT_MESSAGE } from '../shared/contract/ipc-messages';
import { createPortBridgeClient, type ClientPort } from './port-bridge-client';

// The sandboxed preload. Exposes exactly one object, window.bridge, and nothing of
// Electron: main posts a MessagePort (one end of a channel whose other end is in the core's
// utility process) and every request and event travels over it.

const client = createPortBridgeClient((message, detail) => console.error(`[bridge] ${message}`, detail));

// Main sends a port after every page load, and a new one when the core restarts.
ipcRenderer.on(BRIDGE_PORT_MESSAGE, (event) => {
  const [port] = event.ports;
  if (port) client.connect(fromDomPort(port));
});

// Native menu commands: only the command's id reaches the page, never the ipc event.
ipcRenderer.on(APP_COMMAND_MESSAGE, (_event, id: unknown) => {
  if (typeof id === 'string') client.deliver('app.command', { id });
});

contextBridge.exposeInMainWorld('bridge', { ...client.bridge, nativeMenu: true });

function fromDomPort(port: MessagePort): ClientPort {
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => {
      // Assigning onmessage also starts the port.
      port.onmessage = (event: MessageEvent<unknown>) => listener(event.data);
    },
    onClose: (listener) => {
      // Chromium fires 'close' on a port whose other end is gone; the DOM typings lack it.
      (port as EventTarget).addEventListener('close', listener);
    },
    close: () => port.close(),
  };
}

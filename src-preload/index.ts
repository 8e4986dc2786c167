import { contextBridge, ipcRenderer } from 'electron';
import { createDesktopBridge, listenToMain } from './main-messages';
import { createPortBridgeClient, type ClientPort } from './port-bridge-client';

// The sandboxed preload. Exposes exactly one object, window.bridge, and nothing of
// Electron: main posts a MessagePort (one end of a channel whose other end is in the core's
// utility process) and every request and event travels over it. `desktop` holds the few
// things only main can do (settings, restart, the menu's view of the window).

const client = createPortBridgeClient((message, detail) => console.error(`[bridge] ${message}`, detail));

listenToMain(ipcRenderer, client, fromDomPort);

contextBridge.exposeInMainWorld('bridge', { ...client.bridge, nativeMenu: true, desktop: createDesktopBridge(ipcRenderer) });

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

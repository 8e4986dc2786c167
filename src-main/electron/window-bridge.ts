import { MessageChannelMain, type WebContents } from 'electron';
import { BRIDGE_PORT_MESSAGE } from '../../shared/contract/ipc-messages';
import type { CoreHost } from './core-host';


/**
 * Gives a window a fresh channel to the core: one end to the core's utility process, the
 * other to the window's preload. Called on every page load (a reload drops the old port,
 * whose other end then closes in the core) and for every window after the core restarts.
 */
export function connectWindowToCore(contents: WebContents, core: CoreHost): void {
  if (contents.isDestroyed()) return;
  const { port1, port2 } = new MessageChannelMain();
  core.connect(port1);
  contents.postMessage(BRIDGE_PORT_MESSAGE, null, [port2]);
}

import type { Bridge } from '../../shared/contract/bridge';
import { createWebSocketBridge } from './websocket-bridge';

let bridge: Bridge | null = null;

/** The one way the renderer reaches the core: Electron's preload or the browser host. */
export function getBridge(): Bridge {
  if (!bridge) {
    const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
    bridge = window.bridge ?? createWebSocketBridge(`${protocol}//${window.location.host}/bridge`);
  }
  return bridge;
}

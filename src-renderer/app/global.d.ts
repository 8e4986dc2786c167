import type { Bridge } from '../../shared/contract/bridge';

declare global {
  interface Window {
    /** Set by the Electron preload; in a plain browser the WebSocket bridge fills it in. */
    bridge?: Bridge;
  }
}

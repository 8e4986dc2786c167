import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BridgeResponseMessage } from '../../shared/contract/bridge';
import type { Core } from '../core/core-context';
import { createCore } from '../core/create-core';
import { BRIDGE_PATH, createEventHub, startWebHost, type WebHost } from './web-host';

// The browser host's HTTP side with a real core (its platform unreachable, as offline).

let dir: string;
let core: Core;
let host: WebHost;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'letterdesk-web-host-'));
  const staticDir = join(dir, 'web');
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Letterdesk</title><div id="root"></div>');
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  const hub = createEventHub();
  core = await createCore({ dataDir: join(dir, 'desktop'), platform: { mode: 'remote', url: 'http://127.0.0.1:9' }, emit: hub.emit, log: () => {} });
  host = await startWebHost({ port: 0, staticDir, dispatch: core.dispatch, hub });
});

afterAll(async () => {
  await host?.close();
  await core?.close();
  rmSync(dir, { recursive: true, force: true });
});

function connect(origin?: string): Promise<WebSocket> {
  const socket = new WebSocket(host.url.replace('http', 'ws') + BRIDGE_PATH, origin ? { origin } : {});
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

function invoke(socket: WebSocket, id: number, channel: string, input: unknown): Promise<BridgeResponseMessage> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(String(data)) as BridgeResponseMessage;
      if (message.type === 'result' && message.id === id) {
        socket.off('message', onMessage);
        resolve(message);
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ type: 'invoke', id, channel, input }));
  });
}

describe('the browser host', () => {
  it('serves the renderer, and the page for client-side routes', async () => {
    const home = await fetch(host.url);
    expect(await home.text()).toContain('<div id="root">');
    const route = await fetch(`${host.url}/organizations/demo/channels/weekly/newsletters/12`);
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    expect((await fetch(`${host.url}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${host.url}/assets/missing.js`)).status).toBe(404);
  });

  it('answers bridge calls over the WebSocket, refusing bad input with the contract message', async () => {
    const socket = await connect(host.url);
    const session = await invoke(socket, 1, 'app.session', {});
    expect(session).toMatchObject({ type: 'result', id: 1, result: { ok: true, data: { mode: 'remote', signedIn: false } } });
    const refused = await invoke(socket, 2, 'letters.list', { brandSlug: 'demo' });
    expect(refused).toMatchObject({ result: { ok: false, error: { code: 'invalid_input' } } });
    socket.close();
  });

  it('refuses a page from another origin (cross-site WebSocket hijacking)', async () => {
    const socket = await connect('http://evil.example');
    const code = await new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(1008);
  });
});

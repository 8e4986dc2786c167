import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { BridgeResponseMessage } from '../../shared/contract/bridge';
import type { Core } from '../core/core-context';
import { createCore } from '../core/create-core';
import { localImagesDir } from '../core/images/local-image-url';
import { BRIDGE_PATH, createEventHub, startWebHost, type WebHost } from './web-host';

// The browser host's HTTP side with a real core (its platform unreachable, as offline).

const IMAGE_ID = '00112233445566778899aabbccddeeff';
const PNG_BYTES = Buffer.from('89504e470d0a1a0a', 'hex');

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
  mkdirSync(join(dir, 'desktop', 'images', IMAGE_ID), { recursive: true });
  writeFileSync(join(dir, 'desktop', 'images', IMAGE_ID, 'square.png'), PNG_BYTES);
  writeFileSync(join(dir, 'desktop', 'secret.txt'), 'not for the page');
  host = await startWebHost({ port: 0, staticDir, dispatch: core.dispatch, hub, localImagesDir: localImagesDir(join(dir, 'desktop')) });
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

  it("serves the core's image files by their local URL, and nothing else from its folder", async () => {
    const image = await fetch(`${host.url}/local-images/${IMAGE_ID}/square.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    for (const attempt of [
      `/local-images/${IMAGE_ID}/circle.png`,
      `/local-images/${IMAGE_ID}/..%2f..%2fsecret.txt`,
      '/local-images/..%2fsecret.txt',
      `/local-images/${IMAGE_ID}/square.png%00.txt`,
    ]) {
      const response = await fetch(`${host.url}${attempt}`);
      expect(response.status, attempt).toBe(404);
      expect(await response.text()).not.toContain('not for the page');
    }
  });

  it('refuses a page from another origin (cross-site WebSocket hijacking)', async () => {
    const socket = await connect('http://evil.example');
    const code = await new Promise<number>((resolve) => socket.once('close', (closeCode) => resolve(closeCode)));
    expect(code).toBe(1008);
  });
});

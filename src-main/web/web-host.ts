import { createReadStream, existsSync, statSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify from 'fastify';
import type { WebSocket } from 'ws';
import type { BridgeRequestMessage, BridgeResponseMessage, EmitEvent } from '../../shared/contract/bridge';
import type { Dispatch } from '../core/dispatch';
import { LOCAL_IMAGE_CACHE_CONTROL, LOCAL_IMAGE_PREFIX, resolveLocalImage } from '../core/images/local-image-url';

// The browser host's HTTP side: serves the built renderer and gives the page
// `window.bridge` over a WebSocket at BRIDGE_PATH, answering with the core's dispatch.

export const BRIDGE_PATH = '/bridge';

export interface WebHost {
  url: string;
  /** Sends a core event to every connected page. */
  emit: EmitEvent;
  close(): Promise<void>;
}

export function createEventHub() {
  const sockets = new Set<WebSocket>();
  const emit: EmitEvent = (event, payload) => {
    const message: BridgeResponseMessage = { type: 'event', event, payload };
    const text = JSON.stringify(message);
    for (const socket of sockets) socket.send(text);
  };
  return { sockets, emit };
}

export async function startWebHost(options: {
  port: number;
  host?: string;
  staticDir: string;
  dispatch: Dispatch;
  hub: ReturnType<typeof createEventHub>;
  /** The core's images folder: picked images show from it until the platform has them. */
  localImagesDir?: string;
}): Promise<WebHost> {
  const { port, host = '127.0.0.1', staticDir, dispatch, hub, localImagesDir } = options;
  if (!existsSync(staticDir)) {
    throw new Error(`The renderer is not built: ${staticDir} is missing. Run "npm run build:web" first.`);
  }
  const app = Fastify({ logger: false });
  await app.register(fastifyWebsocket, { options: { maxPayload: 16 * 1024 * 1024 } });
  await app.register(fastifyStatic, { root: staticDir, wildcard: false });

  app.get(BRIDGE_PATH, { websocket: true }, (socket, request) => {
    // Only pages served by this host may drive the core; another site open in the same
    // browser must not (cross-site WebSocket hijacking).
    const origin = request.headers.origin;
    if (origin && new URL(origin).host !== request.headers.host) {
      socket.close(1008, 'Origin not allowed');
      return;
    }
    hub.sockets.add(socket);
    socket.on('close', () => hub.sockets.delete(socket));
    socket.on('message', async (data) => {
      let message: BridgeRequestMessage;
      try {
        message = JSON.parse(String(data)) as BridgeRequestMessage;
      } catch {
        return;
      }
      if (message?.type !== 'invoke' || typeof message.id !== 'number') return;
      const result = await dispatch(message.channel, message.input);
      const response: BridgeResponseMessage = { type: 'result', id: message.id, result };
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(response));
    });
  });

  // Only the names the core makes for its images are answered, so nothing else on disk is reachable.
  app.get(`${LOCAL_IMAGE_PREFIX}*`, (request, reply) => {
    const image = localImagesDir ? resolveLocalImage(request.url, localImagesDir) : null;
    const size = image ? statSync(image.file, { throwIfNoEntry: false }) : undefined;
    if (!image || !size?.isFile()) return reply.code(404).send({ message: 'There is no such image.' });
    return reply
      .header('content-type', image.contentType)
      .header('content-length', size.size)
      .header('cache-control', LOCAL_IMAGE_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .send(createReadStream(image.file));
  });

  // Client-side routes (/organizations/...) all load the single page.
  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' || request.url.startsWith('/assets/')) return reply.code(404).send({ message: 'Not found' });
    return reply.sendFile('index.html');
  });

  const address = await app.listen({ port, host });
  return {
    url: address.replace('[::1]', 'localhost'),
    emit: hub.emit,
    close: async () => {
      for (const socket of hub.sockets) socket.terminate();
      await app.close();
    },
  };
}

import http from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for a service outside the platform (an AI endpoint, a site hosting images):
// a plain HTTP server on 127.0.0.1 that records every request, so a test can check what
// the platform sent as well as what it did with the answer. Tests swap `handle` per case.

export interface RecordedRequest {
  method: string;
  /** Path and query, e.g. /v1/chat/completions */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type LoopbackHandler = (request: RecordedRequest, response: ServerResponse) => unknown;

export interface LoopbackServer {
  /** e.g. http://127.0.0.1:40123 (no trailing slash) */
  url: string;
  requests: RecordedRequest[];
  /** TCP connections accepted, whether or not a request came on them (refusals must leave this at 0). */
  connections: number;
  handle: LoopbackHandler;
  close(): Promise<void>;
}

/** `at`: another loopback address (127.0.0.2) or a given port, for tests that tell two servers apart by address. */
export async function startLoopbackServer(
  handle: LoopbackHandler = (_request, response) => response.end(),
  at: { host?: string; port?: number } = {},
): Promise<LoopbackServer> {
  const host = at.host ?? '127.0.0.1';
  const state: Omit<LoopbackServer, 'url' | 'close'> = { requests: [], connections: 0, handle };
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const recorded: RecordedRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(recorded);
      Promise.resolve(state.handle(recorded, response)).catch((error: unknown) => {
        response.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  server.on('connection', () => {
    state.connections += 1;
  });
  // A client that gives up (the platform refusing a body half way) is expected here.
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(at.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const result = state as LoopbackServer;
  result.url = `http://${host}:${port}`;
  result.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return result;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { platformPaths } from '../../../../shared/contract/platform-api';

// A loopback HTTP proxy in front of a real platform server that can misbehave on demand,
// for tests of what the sync engine does when the network or the platform fails.

export type FaultMode =
  /** Forward every request. */
  | 'pass'
  /** Refuse: the connection is destroyed before anything is forwarded. */
  | 'down'
  /** Answer 500 without forwarding. */
  | 'error500'
  /** Forward, then drop the connection instead of answering: the platform applied it, the client never hears. */
  | 'reset-after-forward'
  /** Forward after a delay. */
  | 'slow'
  /** Forward all but the sync batch call, answered 404 as by a platform that lacks it. */
  | 'no-batch';

export interface FaultyProxy {
  url: string;
  mode: FaultMode;
  delayMs: number;
  close(): Promise<void>;
}

export async function startFaultyProxy(target: string): Promise<FaultyProxy> {
  const upstream = new URL(target);
  const sockets = new Set<Socket>();

  function forward(req: IncomingMessage, body: Buffer, onAnswer: (status: number, headers: IncomingMessage['headers'], data: Buffer) => void) {
    const outgoing = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => onAnswer(answer.statusCode ?? 502, answer.headers, Buffer.concat(chunks)));
      },
    );
    outgoing.end(body);
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const reply = (status: number, headers: IncomingMessage['headers'], data: Buffer) => {
        res.writeHead(status, headers);
        res.end(data);
      };
      switch (proxy.mode) {
        case 'down':
          req.socket.destroy();
          return;
        case 'error500':
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: 'The platform had a fault.' }));
          return;
        case 'reset-after-forward':
          forward(req, body, () => req.socket.destroy());
          return;
        case 'slow':
          setTimeout(() => forward(req, body, reply), proxy.delayMs);
          return;
        case 'no-batch':
          if (req.url?.startsWith(platformPaths.syncLettersBatch())) {
            res.writeHead(404, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ message: `No such call: ${req.method} ${req.url}` }));
            return;
          }
          forward(req, body, reply);
          return;
        default:
          forward(req, body, reply);
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const proxy: FaultyProxy = {
    url: `http://127.0.0.1:${port}`,
    mode: 'pass',
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return proxy;
}

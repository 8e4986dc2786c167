import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Closing the server waits for every connection without a request in progress to be idle,
// but Node counts a connection that has not sent a byte yet (an HTTP client's spare one,
// opened ahead of a request it never made) as busy until its headers time out, 60 s and
// more. Stopping drops those: nobody is waiting on them, and a client opens another.

export function dropUnusedConnectionsOnClose(app: FastifyInstance): void {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
  });
}

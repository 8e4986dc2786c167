import net from 'node:net';

/**
 * A TCP port that was free on `host` a moment ago. Another process could take it before the
 * platform server binds it; the server would then fail to start and the app would run on
 * its local store alone, which is the same state as any other platform outage.
 */
export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host }, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not read the port of a probe server'));
      });
    });
  });
}

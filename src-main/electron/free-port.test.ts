import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort } from './free-port';

describe('findFreePort', () => {
  it('returns a port that can be bound on loopback', async () => {
    const port = await findFreePort();
    expect(port).toBeGreaterThan(0);
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

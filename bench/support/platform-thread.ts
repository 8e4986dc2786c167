import { parentPort, workerData } from 'node:worker_threads';
import { startPlatform } from '../../src-server/start';

// The platform in a thread of its own, as the desktop app runs it in a process of its own:
// a benchmark of the core's pushes must not have the server's work on the core's thread.

const platform = await startPlatform({ port: 0, dataDir: (workerData as { dataDir: string }).dataDir });
parentPort!.postMessage({ url: platform.url, connectionString: platform.connectionString });
parentPort!.on('message', async (message: unknown) => {
  if (message !== 'stop') return;
  await platform.close();
  parentPort!.postMessage('stopped');
});

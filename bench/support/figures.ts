import type { Channel } from '../../shared/model/channel';

// Small helpers every benchmark uses: a channel to place letters in, percentiles, memory.

export const benchChannel: Channel = {
  id: 1,
  title: 'Morning Brief',
  channelSlug: 'morning-brief',
  brandId: 1,
  brandSlug: 'acme',
  accentColor: '#1c7ed6',
  defaultStyleBaseFontSize: 16,
  channelSquareLogo: null,
  channelName: 'Morning Brief',
  timezone: { tzCode: 'Europe/Paris' },
  esp: 0,
};

/** Nearest-rank percentile of sorted times: always one of the measured values. */
export function percentile(sortedTimes: readonly number[], p: number): number {
  return sortedTimes[Math.min(sortedTimes.length - 1, Math.max(0, Math.ceil((p / 100) * sortedTimes.length) - 1))]!;
}

export function median(times: readonly number[]): number {
  return percentile([...times].sort((a, b) => a - b), 50);
}

/** Samples the resident set size until stopped; answers the peak in MB. */
export function trackPeakMemory(intervalMs = 20) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, intervalMs);
  return {
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
      return peak / (1024 * 1024);
    },
  };
}

/** Starts a platform in its own thread (see platform-thread.ts); `close` stops it. */
export async function startPlatformThread(dataDir: string): Promise<{ url: string; connectionString: string; close: () => Promise<void> }> {
  const { Worker } = await import('node:worker_threads');
  // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript.
  const entry = new URL('./platform-thread.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, { eval: true, workerData: { dataDir } });
  const started = await new Promise<{ url: string; connectionString: string }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    ...started,
    async close() {
      const stopped = new Promise((resolve) => worker.on('message', (message) => message === 'stopped' && resolve(null)));
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}

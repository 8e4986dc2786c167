// Learns the embedded platform server's URL from its output: src-server/main.ts prints
// "Letterdesk platform listening on <url>" once it accepts connections. Pure (streams and
// timers only) so it is unit-tested without Electron.

const LISTENING_LINE = /Letterdesk platform listening on (\S+)/;

/** The URL in a "listening on" line, with a wildcard host replaced by loopback; null otherwise. */
export function parseListeningUrl(line: string): string | null {
  const match = LISTENING_LINE.exec(line);
  if (!match?.[1]) return null;
  let url: URL;
  try {
    url = new URL(match[1]);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A server bound to every interface reports the wildcard address, which is not a
  // destination a client can connect to.
  if (url.hostname === '0.0.0.0') url.hostname = '127.0.0.1';
  if (url.hostname === '[::]') url.hostname = '[::1]';
  return url.href.replace(/\/$/, '');
}

export interface WaitForListeningOptions {
  timeoutMs: number;
  /** Aborted when the server process exits before it is ready. */
  signal?: AbortSignal;
}

/**
 * Resolves with the URL of the first "listening on" line read from `output`. Only listens:
 * the caller keeps its own 'data' listener to copy the output into the app's log.
 */
export function waitForListeningUrl(output: NodeJS.ReadableStream, options: WaitForListeningOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer | string) => {
      buffered += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      let newline: number;
      while ((newline = buffered.search(/\r?\n/)) !== -1) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(buffered[newline] === '\r' ? newline + 2 : newline + 1);
        const url = parseListeningUrl(line);
        if (url) {
          finish();
          resolve(url);
          return;
        }
      }
    };
    const onEnd = () => {
      finish();
      reject(new Error('The platform server closed its output before it was listening'));
    };
    const onAbort = () => {
      finish();
      reject(new Error(`The platform server stopped before it was listening: ${String(options.signal?.reason ?? 'aborted')}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`The platform server was not listening after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    function finish() {
      clearTimeout(timer);
      output.off('data', onData);
      output.off('end', onEnd);
      options.signal?.removeEventListener('abort', onAbort);
    }
    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    output.on('data', onData);
    output.on('end', onEnd);
  });
}

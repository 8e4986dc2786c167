// How a long-running command of the platform stops (`main.ts`, `npm run cluster`): on SIGINT
// or SIGTERM it says so, closes what it runs and exits 0 (1 when closing failed); a second
// signal means "now" and exits at once; past `boundMs`, if given, it gives up waiting.

/** Exits the process once `close` is done; answers the stop, for callers other than a signal. */
export function stopOnSignals(name: string, close: () => Promise<void>, options: { boundMs?: number } = {}): (signal: NodeJS.Signals) => void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl-C means "now" (an embedded PostgreSQL got the signal too).
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${name} stopping (${signal})`);
    if (options.boundMs !== undefined) {
      const seconds = options.boundMs / 1000;
      setTimeout(() => {
        console.error(`${name} did not stop within ${seconds} s; exiting anyway`);
        process.exit(1);
      }, options.boundMs).unref();
    }
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return stop;
}

// One run at a time for background work that may be asked for again while it runs (a sync
// push, an image upload pass): a request during a run makes that run go round once more
// instead of starting a second one beside it, so nothing asked for is missed and nothing
// runs twice at once.

export interface SingleFlightOptions {
  /** One round of the work. */
  round: () => Promise<void>;
  /** Runs once the rounds are done, inside the same run (e.g. timing the next one). */
  finish?: () => Promise<void>;
  /** While true, no further round starts. */
  stopped: () => boolean;
  /** A round or `finish` failed. The run's promise never rejects because of it. */
  onError: (error: unknown) => Promise<void> | void;
}

export function createSingleFlight({ round, finish, stopped, onError }: SingleFlightOptions) {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    /** Starts a run, or asks the one under way to go round once more; resolves when that run ends. */
    run(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        try {
          do {
            again = false;
            await round();
          } while (again && !stopped());
          await finish?.();
        } catch (error) {
          await onError(error);
        } finally {
          running = null;
        }
      })();
      return running;
    },
    /** The run under way, if any: waiting for it lets a closing store see no more writes. */
    current: (): Promise<void> | null => running,
  };
}

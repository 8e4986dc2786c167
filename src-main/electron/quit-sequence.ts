import type { SyncStatus } from '../../shared/contract/bridge';

// Quitting with changes that have not reached the platform: the windows close first (each
// renderer saves its last edits locally as it unloads), then the core is asked to push
// (the 'sync.now' it already has) and main waits for it, within a time limit, before the
// core and the embedded platform stop. Nothing is lost when the limit passes: the changes
// are in the local store and go out on the next start. The decisions are pure; the
// sequence takes its effects as functions, so both are tested without Electron.

/** Long enough for a push of a few letters to a slow server; short enough that quitting still feels like quitting. */
export const FLUSH_TIME_LIMIT_MS = 10_000;
/** Offline, a push fails fast or hangs on a dead network: give it a moment, not ten seconds. */
export const OFFLINE_FLUSH_TIME_LIMIT_MS = 3_000;
/** Windows get this long to unload (and save) before the flush starts anyway. */
export const WINDOW_CLOSE_TIME_LIMIT_MS = 3_000;

export interface FlushPlan {
  push: boolean;
  /** How long to wait for the push; 0 when there is none. */
  waitMs: number;
  reason: string;
}

export function planQuitFlush(status: SyncStatus | null): FlushPlan {
  if (!status) return { push: false, waitMs: 0, reason: 'the core has not reported a sync state' };
  if (status.state === 'signed-out') return { push: false, waitMs: 0, reason: 'signed out: the changes wait for the next sign-in' };
  // 'syncing' with nothing pending still has a push under way; let it finish.
  if (status.pending === 0 && status.state !== 'syncing') return { push: false, waitMs: 0, reason: 'nothing to push' };
  if (status.state === 'offline') return { push: true, waitMs: OFFLINE_FLUSH_TIME_LIMIT_MS, reason: 'offline: one quick try' };
  return { push: true, waitMs: FLUSH_TIME_LIMIT_MS, reason: `${status.pending} unsynced change(s)` };
}

export type WindowCloseAction =
  /** The app is quitting: the quit sequence pushes once, after every window has closed. */
  | 'part-of-quit'
  /** The app stays open (macOS, or other windows): push now instead of after the debounce. */
  | 'push-in-background'
  | 'close';

export function decideWindowClose(input: { quitting: boolean; status: SyncStatus | null }): WindowCloseAction {
  if (input.quitting) return 'part-of-quit';
  const pending = input.status?.pending ?? 0;
  return pending > 0 && input.status?.state !== 'signed-out' ? 'push-in-background' : 'close';
}

export interface QuitSequenceDeps {
  /**
   * Closes every window; resolves true once they are gone (or the time limit passed), false
   * when one stayed open because the user chose to stay (a letter left mid-scheduling).
   */
  closeWindows(): Promise<boolean>;
  /** The core's last reported sync state. */
  syncStatus(): SyncStatus | null;
  /** Asks the core to push; resolves with the state after it, or null when the limit passed. */
  flush(timeLimitMs: number): Promise<SyncStatus | null>;
  stopServices(): Promise<void>;
  /** Really quits (Electron's app.quit, which emits before-quit again). */
  quit(): void;
  log(message: string, detail?: unknown): void;
}

export interface QuitSequence {
  /** For 'before-quit': true lets the quit proceed; false means preventDefault, the sequence is running. */
  beforeQuit(): boolean;
  /**
   * Runs the sequence and ends with `finish` instead of a plain quit (electron-updater's
   * quitAndInstall, which starts the installer and quits). Ignored if a quit is under way.
   */
  quitThen(finish: () => void): void;
  readonly quitting: boolean;
}

export function createQuitSequence(deps: QuitSequenceDeps): QuitSequence {
  let phase: 'running' | 'quitting' | 'done' = 'running';

  async function run(finish: () => void): Promise<void> {
    let closed = true;
    try {
      closed = await deps.closeWindows();
    } catch (error) {
      deps.log('Closing the windows failed', error);
    }
    if (!closed) {
      // The user kept a window: the app goes on as if quit had never been chosen.
      deps.log('Quit cancelled: a window stayed open');
      phase = 'running';
      return;
    }
    try {
      const plan = planQuitFlush(deps.syncStatus());
      if (plan.push) {
        deps.log(`Pushing before quitting (${plan.reason})`);
        const after = await deps.flush(plan.waitMs);
        if (!after) deps.log(`The push did not finish within ${plan.waitMs} ms; the changes are kept on this computer`);
        else if (after.pending > 0) deps.log(`${after.pending} change(s) stay on this computer until the next start`, after.message);
      }
    } catch (error) {
      deps.log('Flushing before quitting failed', error);
    }
    try {
      await deps.stopServices();
    } catch (error) {
      deps.log('Stopping the services failed', error);
    }
    phase = 'done';
    finish();
  }

  return {
    beforeQuit() {
      if (phase === 'done') return true;
      if (phase === 'running') {
        phase = 'quitting';
        void run(deps.quit);
      }
      return false;
    },
    quitThen(finish) {
      if (phase !== 'running') return;
      phase = 'quitting';
      void run(finish);
    },
    get quitting() {
      return phase !== 'running';
    },
  };
}

import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../shared/contract/bridge';
import {
  FLUSH_TIME_LIMIT_MS,
  OFFLINE_FLUSH_TIME_LIMIT_MS,
  createQuitSequence,
  decideWindowClose,
  planQuitFlush,
  type QuitSequenceDeps,
} from './quit-sequence';

const status = (state: SyncStatus['state'], pending: number): SyncStatus => ({ state, pending, message: null });

describe('planQuitFlush', () => {
  it('pushes unsynced changes and waits up to the time limit', () => {
    expect(planQuitFlush(status('syncing', 3))).toMatchObject({ push: true, waitMs: FLUSH_TIME_LIMIT_MS });
    expect(planQuitFlush(status('error', 1))).toMatchObject({ push: true, waitMs: FLUSH_TIME_LIMIT_MS });
    // A push under way with nothing left in the outbox still gets to finish.
    expect(planQuitFlush(status('syncing', 0))).toMatchObject({ push: true });
  });

  it('gives an offline push one short try', () => {
    expect(planQuitFlush(status('offline', 2))).toMatchObject({ push: true, waitMs: OFFLINE_FLUSH_TIME_LIMIT_MS });
    expect(OFFLINE_FLUSH_TIME_LIMIT_MS).toBeLessThan(FLUSH_TIME_LIMIT_MS);
  });

  it('quits at once when there is nothing to push or no way to push it', () => {
    expect(planQuitFlush(status('synced', 0))).toMatchObject({ push: false, waitMs: 0 });
    expect(planQuitFlush(status('signed-out', 4))).toMatchObject({ push: false, waitMs: 0 });
    expect(planQuitFlush(null)).toMatchObject({ push: false, waitMs: 0 });
  });
});

describe('decideWindowClose', () => {
  it('leaves the push to the quit sequence while quitting', () => {
    expect(decideWindowClose({ quitting: true, status: status('syncing', 5) })).toBe('part-of-quit');
  });

  it('pushes in the background when a window closes but the app stays', () => {
    expect(decideWindowClose({ quitting: false, status: status('syncing', 1) })).toBe('push-in-background');
    expect(decideWindowClose({ quitting: false, status: status('synced', 0) })).toBe('close');
    expect(decideWindowClose({ quitting: false, status: status('signed-out', 2) })).toBe('close');
    expect(decideWindowClose({ quitting: false, status: null })).toBe('close');
  });
});

function harness(initial: SyncStatus | null, flushAnswer: SyncStatus | null = status('synced', 0), closes = true) {
  const steps: string[] = [];
  let quitCalls = 0;
  const deps: QuitSequenceDeps = {
    closeWindows: async () => (steps.push('close windows'), closes),
    syncStatus: () => initial,
    flush: async (ms) => (steps.push(`flush ${ms}`), flushAnswer),
    stopServices: async () => void steps.push('stop services'),
    quit: () => (steps.push('quit'), quitCalls++),
    log: (message) => steps.push(`log: ${message}`),
  };
  const sequence = createQuitSequence(deps);
  const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { sequence, steps, settled, quitCalls: () => quitCalls };
}

describe('createQuitSequence', () => {
  it('closes the windows, pushes, stops the services, then quits for real', async () => {
    const { sequence, steps, settled } = harness(status('syncing', 2));
    expect(sequence.beforeQuit()).toBe(false);
    expect(sequence.quitting).toBe(true);
    await settled();
    expect(steps.filter((s) => !s.startsWith('log'))).toEqual(['close windows', `flush ${FLUSH_TIME_LIMIT_MS}`, 'stop services', 'quit']);
    // The real quit emits before-quit again: now it goes through.
    expect(sequence.beforeQuit()).toBe(true);
  });

  it('runs once however often quit is asked for', async () => {
    const { sequence, steps, settled, quitCalls } = harness(status('syncing', 2));
    expect(sequence.beforeQuit()).toBe(false);
    expect(sequence.beforeQuit()).toBe(false);
    await settled();
    expect(steps.filter((s) => s === 'close windows')).toHaveLength(1);
    expect(quitCalls()).toBe(1);
  });

  it('can end with another action (installing an update) instead of a plain quit', async () => {
    const { sequence, steps, settled, quitCalls } = harness(status('syncing', 1));
    sequence.quitThen(() => steps.push('install update'));
    expect(sequence.beforeQuit()).toBe(false);
    await settled();
    expect(steps.filter((s) => !s.startsWith('log'))).toEqual(['close windows', `flush ${FLUSH_TIME_LIMIT_MS}`, 'stop services', 'install update']);
    expect(quitCalls()).toBe(0);
    // The installer's own quit then goes through.
    expect(sequence.beforeQuit()).toBe(true);
  });

  it('does not wait when nothing is unsynced', async () => {
    const { sequence, steps, settled } = harness(status('synced', 0));
    sequence.beforeQuit();
    await settled();
    expect(steps).toEqual(['close windows', 'stop services', 'quit']);
  });

  it('quits anyway when the push runs out of time, saying the changes stay local', async () => {
    const { sequence, steps, settled } = harness(status('syncing', 2), null);
    sequence.beforeQuit();
    await settled();
    expect(steps.some((s) => s.includes('did not finish'))).toBe(true);
    expect(steps.at(-1)).toBe('quit');
  });

  it('quits even when closing or flushing throws', async () => {
    const steps: string[] = [];
    const sequence = createQuitSequence({
      closeWindows: async () => {
        throw new Error('gone');
      },
      syncStatus: () => status('syncing', 1),
      flush: async () => {
        throw new Error('port closed');
      },
      stopServices: async () => {
        throw new Error('stuck');
      },
      quit: () => steps.push('quit'),
      log: (message) => steps.push(message),
    });
    sequence.beforeQuit();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(steps).toEqual(['Closing the windows failed', 'Pushing before quitting (1 unsynced change(s))', 'Flushing before quitting failed', 'Stopping the services failed', 'quit']);
  });

  it('cancels the quit when the user keeps a window open, and can quit later', async () => {
    const { sequence, steps, settled, quitCalls } = harness(status('syncing', 1), status('synced', 0), false);
    expect(sequence.beforeQuit()).toBe(false);
    await settled();
    expect(steps).toEqual(['close windows', 'log: Quit cancelled: a window stayed open']);
    expect(sequence.quitting).toBe(false);
    expect(quitCalls()).toBe(0);
    // Nothing was stopped: quitting again runs the whole sequence.
    expect(sequence.beforeQuit()).toBe(false);
    await settled();
    expect(steps.filter((s) => s === 'close windows')).toHaveLength(2);
  });
});

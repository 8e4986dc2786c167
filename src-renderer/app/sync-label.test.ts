import { describe, expect, it } from 'vitest';
import { changesCount, syncLabel } from './sync-label';

describe('the sync chip', () => {
  it('counts changes in words, one change singular', () => {
    expect(changesCount(1)).toBe('1 change');
    expect(changesCount(3)).toBe('3 changes');
    expect(syncLabel({ state: 'syncing', pending: 1, message: null })).toBe('Syncing 1 change');
    expect(syncLabel({ state: 'syncing', pending: 3, message: null })).toBe('Syncing 3 changes');
    expect(syncLabel({ state: 'offline', pending: 1, message: null })).toBe('Offline — 1 change waiting');
  });

  it('never says 0 changes', () => {
    for (const state of ['synced', 'syncing', 'offline', 'error', 'signed-out'] as const) {
      expect(syncLabel({ state, pending: 0, message: null })).not.toMatch(/\b0 change/);
    }
    expect(syncLabel({ state: 'syncing', pending: 0, message: null })).toBe('Syncing');
    expect(syncLabel({ state: 'offline', pending: 0, message: null })).toBe('Offline');
  });
});

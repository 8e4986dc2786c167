import { describe, expect, it } from 'vitest';
import { overlayDotBitmap, unsyncedIndicator } from './unsynced-badge';

describe('unsyncedIndicator', () => {
  it('counts the pending changes on the dock or launcher badge', () => {
    expect(unsyncedIndicator({ state: 'syncing', pending: 3, message: null }, 'darwin')).toEqual({ count: 3, description: '3 changes not yet synced', surface: 'badge' });
    expect(unsyncedIndicator({ state: 'offline', pending: 1, message: 'No connection' }, 'linux')).toEqual({
      count: 1,
      description: '1 change not yet synced (offline)',
      surface: 'badge',
    });
  });

  it('uses the taskbar overlay on Windows', () => {
    expect(unsyncedIndicator({ state: 'error', pending: 2, message: null }, 'win32')).toEqual({
      count: 2,
      description: '2 changes not yet synced (sync failed)',
      surface: 'overlay',
    });
  });

  it('clears the badge when everything is synced or nothing is known', () => {
    expect(unsyncedIndicator({ state: 'synced', pending: 0, message: null }, 'darwin')).toMatchObject({ count: 0, description: 'All changes synced' });
    expect(unsyncedIndicator(null, 'win32')).toMatchObject({ count: 0, surface: 'overlay' });
  });

  it('says when changes wait for a sign-in', () => {
    expect(unsyncedIndicator({ state: 'signed-out', pending: 4, message: 'Sign in to sync your letters.' }, 'linux').description).toBe('4 changes not yet synced (signed out)');
  });
});

describe('overlayDotBitmap', () => {
  it('is a 16×16 BGRA image: an opaque dot on a transparent square', () => {
    const pixels = overlayDotBitmap(16, [0xe0, 0x31, 0x31]);
    expect(pixels.length).toBe(16 * 16 * 4);
    const at = (x: number, y: number) => [...pixels.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)];
    expect(at(8, 8)).toEqual([0x31, 0x31, 0xe0, 255]);
    expect(at(0, 0)[3]).toBe(0);
    expect(at(15, 15)[3]).toBe(0);
    const edge = at(0, 8)[3] ?? 0;
    expect(edge).toBeGreaterThan(0);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonFile, writeJsonFile } from './json-file';
import {
  EMPTY_WINDOW_STATE,
  clampToArea,
  displayFor,
  parseWindowState,
  recordPlacement,
  restorePlacement,
  type DisplayLike,
  type SizeLimits,
} from './window-state';

const limits: SizeLimits = { width: 1280, height: 820, minWidth: 960, minHeight: 600 };
// A laptop (primary, menu bar 25 px) and an external monitor to its right.
const laptop: DisplayLike = { id: 1, workArea: { x: 0, y: 25, width: 1440, height: 875 } };
const monitor: DisplayLike = { id: 2, workArea: { x: 1440, y: 0, width: 2560, height: 1440 } };

describe('restorePlacement', () => {
  it('centres the default size on the primary display the first time', () => {
    expect(restorePlacement(EMPTY_WINDOW_STATE, [laptop, monitor], 1, limits)).toEqual({
      bounds: { x: 80, y: 53, width: 1280, height: 820 },
      maximized: false,
      displayId: 1,
    });
  });

  it('reopens where the window was on each display', () => {
    let state = recordPlacement(EMPTY_WINDOW_STATE, { bounds: { x: 100, y: 60, width: 1200, height: 800 }, maximized: false }, [laptop, monitor]);
    state = recordPlacement(state, { bounds: { x: 1540, y: 100, width: 2000, height: 1200 }, maximized: true }, [laptop, monitor]);
    expect(state.lastDisplayId).toBe('2');
    expect(restorePlacement(state, [laptop, monitor], 1, limits)).toEqual({
      bounds: { x: 1540, y: 100, width: 2000, height: 1200 },
      maximized: true,
      displayId: 2,
    });
    // Undocked: the monitor is gone, so the laptop's own placement comes back.
    expect(restorePlacement(state, [laptop], 1, limits)).toEqual({ bounds: { x: 100, y: 60, width: 1200, height: 800 }, maximized: false, displayId: 1 });
  });

  it('follows a display that moved in the arrangement (positions are relative to it)', () => {
    const state = recordPlacement(EMPTY_WINDOW_STATE, { bounds: { x: 1540, y: 100, width: 1600, height: 900 }, maximized: false }, [laptop, monitor]);
    const movedLeft: DisplayLike = { id: 2, workArea: { x: -2560, y: 0, width: 2560, height: 1440 } };
    expect(restorePlacement(state, [laptop, movedLeft], 1, limits).bounds).toEqual({ x: -2460, y: 100, width: 1600, height: 900 });
  });

  it('clamps into the work area when a display shrank', () => {
    const state = recordPlacement(EMPTY_WINDOW_STATE, { bounds: { x: 2400, y: 500, width: 1600, height: 900 }, maximized: false }, [laptop, monitor]);
    const smaller: DisplayLike = { id: 2, workArea: { x: 1440, y: 0, width: 1280, height: 720 } };
    const { bounds } = restorePlacement(state, [laptop, smaller], 1, limits);
    expect(bounds).toEqual({ x: 1440, y: 0, width: 1280, height: 720 });
  });

  it('never opens off-screen, whatever the file says', () => {
    const hostile = parseWindowState({ version: 1, lastDisplayId: '1', displays: { '1': { bounds: { x: 90_000, y: -90_000, width: 50, height: 99_999 }, maximized: false } } });
    const { bounds } = restorePlacement(hostile, [laptop], 1, limits);
    expect(bounds.x).toBeGreaterThanOrEqual(laptop.workArea.x);
    expect(bounds.y).toBeGreaterThanOrEqual(laptop.workArea.y);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(laptop.workArea.x + laptop.workArea.width);
    expect(bounds.y + bounds.height).toBeLessThanOrEqual(laptop.workArea.y + laptop.workArea.height);
    expect(bounds.width).toBe(limits.minWidth);
  });

  it('falls back to the primary when no display has a placement', () => {
    const state = recordPlacement(EMPTY_WINDOW_STATE, { bounds: { x: 1540, y: 100, width: 1600, height: 900 }, maximized: false }, [laptop, monitor]);
    expect(restorePlacement(state, [laptop], 1, limits).displayId).toBe(1);
    expect(restorePlacement(state, [laptop], 1, limits).bounds).toEqual({ x: 80, y: 53, width: 1280, height: 820 });
  });
});

describe('window state helpers', () => {
  it('picks the display that shows most of the window', () => {
    expect(displayFor({ x: 1300, y: 100, width: 400, height: 400 }, [laptop, monitor])?.id).toBe(2);
    expect(displayFor({ x: 1200, y: 100, width: 400, height: 400 }, [laptop, monitor])?.id).toBe(1);
  });

  it('clamps a size below the minimum up to it, and one beyond the area down to it', () => {
    expect(clampToArea({ x: 0, y: 0, width: 10, height: 10 }, laptop.workArea, limits)).toEqual({ x: 0, y: 25, width: 960, height: 600 });
    expect(clampToArea({ x: -50, y: 0, width: 5000, height: 5000 }, laptop.workArea, limits)).toEqual(laptop.workArea);
  });

  it('reads damaged or foreign files as empty', () => {
    for (const value of [undefined, null, 'x', { version: 2, lastDisplayId: null, displays: {} }, { version: 1, displays: { a: { bounds: 'big' } } }]) {
      expect(parseWindowState(value)).toEqual(EMPTY_WINDOW_STATE);
    }
  });

  it('survives a round trip through the JSON file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterdesk-window-state-'));
    try {
      const file = path.join(dir, 'nested', 'window-state.json');
      expect(parseWindowState(readJsonFile(file))).toEqual(EMPTY_WINDOW_STATE);
      const state = recordPlacement(EMPTY_WINDOW_STATE, { bounds: { x: 100, y: 60, width: 1200, height: 800 }, maximized: true }, [laptop]);
      writeJsonFile(file, state);
      expect(parseWindowState(readJsonFile(file))).toEqual(state);
      fs.writeFileSync(file, '{ not json');
      expect(parseWindowState(readJsonFile(file))).toEqual(EMPTY_WINDOW_STATE);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

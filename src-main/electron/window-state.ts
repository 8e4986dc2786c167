import { z } from 'zod';

// Where a window reopens: its size and position saved per display, so a laptop that is
// docked and undocked gets each screen's own placement back. Positions are kept relative to
// the display's work area, and a restored window is clamped into the work area it lands
// on, so a display that was unplugged, rearranged or shrunk never leaves the window
// off-screen. Pure: main reads the displays from `screen` and the file from userData.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DisplayLike {
  id: number;
  /** The display minus the taskbar, dock and menu bar, in screen coordinates. */
  workArea: Rect;
}

export interface Placement {
  bounds: Rect;
  maximized: boolean;
}

export interface SizeLimits {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

const int = z.number().int().min(-100_000).max(100_000);
const PlacementSchema = z.object({
  /** Relative to the display's work area origin. */
  bounds: z.object({ x: int, y: int, width: int.positive(), height: int.positive() }),
  maximized: z.boolean(),
});

export const WindowStateSchema = z.object({
  version: z.literal(1),
  lastDisplayId: z.string().nullable(),
  displays: z.record(z.string(), PlacementSchema),
});
export type WindowState = z.infer<typeof WindowStateSchema>;

export const EMPTY_WINDOW_STATE: WindowState = { version: 1, lastDisplayId: null, displays: {} };

/** A saved file as data, or the empty state when it is missing, old or damaged. */
export function parseWindowState(value: unknown): WindowState {
  const parsed = WindowStateSchema.safeParse(value);
  return parsed.success ? parsed.data : EMPTY_WINDOW_STATE;
}

function intersection(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** The display showing most of `bounds` (the first one when it shows on none). */
export function displayFor(bounds: Rect, displays: readonly DisplayLike[]): DisplayLike | undefined {
  let best: DisplayLike | undefined;
  let bestArea = -1;
  for (const display of displays) {
    const area = intersection(bounds, display.workArea);
    if (area > bestArea) {
      best = display;
      bestArea = area;
    }
  }
  return best;
}

/** Fits `bounds` (absolute) inside `area`: shrunk to fit, then moved in. */
export function clampToArea(bounds: Rect, area: Rect, limits: Pick<SizeLimits, 'minWidth' | 'minHeight'>): Rect {
  const width = Math.min(Math.max(bounds.width, limits.minWidth), area.width);
  const height = Math.min(Math.max(bounds.height, limits.minHeight), area.height);
  const x = Math.min(Math.max(bounds.x, area.x), area.x + area.width - width);
  const y = Math.min(Math.max(bounds.y, area.y), area.y + area.height - height);
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}

/**
 * The placement of a new window: the one saved for the display used last if it is still
 * connected, else one saved for another connected display (the primary first), else the
 * default size centred on the primary display.
 */
export function restorePlacement(
  state: WindowState,
  displays: readonly DisplayLike[],
  primaryId: number,
  limits: SizeLimits,
): Placement & { displayId: number } {
  const primary = displays.find((d) => d.id === primaryId) ?? displays[0];
  if (!primary) {
    return { bounds: { x: 0, y: 0, width: limits.width, height: limits.height }, maximized: false, displayId: primaryId };
  }
  const byId = new Map(displays.map((d) => [String(d.id), d]));
  const candidates = [state.lastDisplayId, String(primary.id), ...displays.map((d) => String(d.id))];
  for (const id of candidates) {
    if (id === null) continue;
    const display = byId.get(id);
    const saved = state.displays[id];
    if (!display || !saved) continue;
    const area = display.workArea;
    const absolute = { ...saved.bounds, x: area.x + saved.bounds.x, y: area.y + saved.bounds.y };
    return { bounds: clampToArea(absolute, area, limits), maximized: saved.maximized, displayId: display.id };
  }
  const area = primary.workArea;
  const centred = {
    x: area.x + (area.width - limits.width) / 2,
    y: area.y + (area.height - limits.height) / 2,
    width: limits.width,
    height: limits.height,
  };
  return { bounds: clampToArea(centred, area, limits), maximized: false, displayId: primary.id };
}

/**
 * Records where a window is. `bounds` are its normal (not maximized) bounds, absolute; it
 * is saved for the display that shows most of it.
 */
export function recordPlacement(state: WindowState, placement: Placement, displays: readonly DisplayLike[]): WindowState {
  const display = displayFor(placement.bounds, displays);
  if (!display) return state;
  const area = display.workArea;
  const id = String(display.id);
  const relative = {
    x: Math.round(placement.bounds.x - area.x),
    y: Math.round(placement.bounds.y - area.y),
    width: Math.round(placement.bounds.width),
    height: Math.round(placement.bounds.height),
  };
  if (relative.width <= 0 || relative.height <= 0) return state;
  return { version: 1, lastDisplayId: id, displays: { ...state.displays, [id]: { bounds: relative, maximized: placement.maximized } } };
}

import type { SyncStatus } from '../../shared/contract/bridge';
import type { DesktopPlatform } from '../../shared/commands';

// The count of changes not yet on the platform, where each system shows such counts: the
// dock badge on macOS, the launcher badge on Linux (Unity-style launchers; elsewhere
// app.setBadgeCount is a no-op), and on Windows, which has no app badge, a dot over the
// taskbar button whose description screen readers and the tooltip give. Pure: main applies it.

export interface UnsyncedIndicator {
  count: number;
  /** Read out by screen readers (and shown as the overlay's description on Windows). */
  description: string;
  /** 'badge': app.setBadgeCount(count); 'overlay': window.setOverlayIcon(dot or null, description). */
  surface: 'badge' | 'overlay';
}

export function unsyncedIndicator(status: SyncStatus | null, platform: DesktopPlatform): UnsyncedIndicator {
  const count = status?.pending ?? 0;
  const surface = platform === 'win32' ? 'overlay' : 'badge';
  if (count === 0) return { count: 0, description: 'All changes synced', surface };
  const changes = count === 1 ? '1 change' : `${count} changes`;
  const why = status?.state === 'offline' ? ' (offline)' : status?.state === 'signed-out' ? ' (signed out)' : status?.state === 'error' ? ' (sync failed)' : '';
  return { count, description: `${changes} not yet synced${why}`, surface };
}

/**
 * The overlay dot as raw BGRA pixels (what nativeImage.createFromBitmap takes): a filled
 * circle with a soft edge on a transparent square. Drawn here rather than shipped as a
 * file, so there is no asset to keep in step.
 */
export function overlayDotBitmap(size = 16, rgb: readonly [number, number, number] = [0xe0, 0x31, 0x31]): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const centre = (size - 1) / 2;
  const radius = size / 2 - 0.5;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const distance = Math.hypot(x - centre, y - centre);
      const coverage = Math.max(0, Math.min(1, radius - distance + 0.5));
      const offset = (y * size + x) * 4;
      const alpha = Math.round(coverage * 255);
      // Premultiplied, as Skia expects for N32 bitmaps.
      pixels[offset] = Math.round((rgb[2] * alpha) / 255);
      pixels[offset + 1] = Math.round((rgb[1] * alpha) / 255);
      pixels[offset + 2] = Math.round((rgb[0] * alpha) / 255);
      pixels[offset + 3] = alpha;
    }
  }
  return pixels;
}

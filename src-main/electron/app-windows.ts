import fs from 'node:fs';
import path from 'node:path';
import { app, BrowserWindow, dialog, screen, type WebContents } from 'electron';
import type { SyncStatus } from '../../shared/contract/bridge';
import { APP_NAVIGATE_MESSAGE } from '../../shared/contract/ipc-messages';
import { APP_ORIGIN } from './app-protocol-path';
import { readJsonFile, writeJsonFile } from './json-file';
import { leavePrompt, leaves } from './leave-prompt';
import { FLUSH_TIME_LIMIT_MS, WINDOW_CLOSE_TIME_LIMIT_MS, decideWindowClose } from './quit-sequence';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, createAppWindow } from './window-factory';
import { parseWindowState, recordPlacement, restorePlacement, type DisplayLike } from './window-state';

// The app's windows in Electron: opening one where it was last (per display), showing a
// route in the front window (links, notifications), asking before a window with an
// unscheduled letter closes, pushing what is unsynced when one closes, and closing them
// all when the app quits. main.ts wires these to the app's events.

export interface AppWindowsOptions {
  preloadPath: string;
  /** window-state.json in the user-data folder (asked when needed: the folder is known once the app runs). */
  windowStateFile: () => string;
  /** `electron-vite dev`'s server; a packaged app loads app:// only. */
  devServerUrl: string | undefined;
  /** Each load of a page starts a preload that needs its own port to the core. */
  connectCore: (contents: WebContents) => void;
  /** The core's last sync state, and a push that does not wait, for a window closing. */
  syncStatus: () => SyncStatus | null;
  flush: (timeLimitMs: number) => void;
  /** True once the app is quitting: the quit sequence pushes then, not each window. */
  quitting: () => boolean;
  /** A new window shows the unsynced count (Windows' overlay icon) from the start. */
  showUnsyncedOn: (window: BrowserWindow) => void;
  /** A window has gone: the menu follows whichever is focused now. */
  closed: (contentsId: number) => void;
  log: (message: string, detail?: unknown) => void;
}

export function createAppWindows(options: AppWindowsOptions) {
  /** A route asked for before the app could open windows (a link at launch). */
  let pendingRoute: string | null = null;
  let ready = false;
  /** Set while quitting: a window whose user chose to stay cancels the quit. */
  let onWindowStayed: (() => void) | null = null;

  const displays = (): DisplayLike[] => screen.getAllDisplays().map((display) => ({ id: display.id, workArea: display.workArea }));

  function open(route: string | null = null): BrowserWindow {
    const iconPath = path.join(app.getAppPath(), 'resources', 'icon.png');
    const placement = restorePlacement(parseWindowState(readJsonFile(options.windowStateFile())), displays(), screen.getPrimaryDisplay().id, {
      ...DEFAULT_WINDOW_SIZE,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
    });
    const window = createAppWindow(BrowserWindow, {
      preloadPath: options.preloadPath,
      devTools: !app.isPackaged,
      bounds: placement.bounds,
      ...(fs.existsSync(iconPath) ? { iconPath } : {}),
    });
    const contentsId = window.webContents.id;
    window.once('ready-to-show', () => {
      if (placement.maximized) window.maximize();
      window.show();
    });
    // Every load (first, reload, dev-server refresh) starts a preload that needs a new port.
    window.webContents.on('dom-ready', () => options.connectCore(window.webContents));
    // The composer holds the window while a letter waits to be scheduled: ask, as a browser would.
    window.webContents.on('will-prevent-unload', (event) => {
      if (leaves(dialog.showMessageBoxSync(window, leavePrompt()))) event.preventDefault();
      else onWindowStayed?.();
    });
    window.on('close', () => {
      savePlacement(window);
      if (decideWindowClose({ quitting: options.quitting(), status: options.syncStatus() }) === 'push-in-background') {
        options.flush(FLUSH_TIME_LIMIT_MS);
      }
    });
    window.on('closed', () => options.closed(contentsId));
    options.showUnsyncedOn(window);
    load(window, route ?? '/');
    return window;
  }

  function load(window: BrowserWindow, route: string): void {
    const origin = options.devServerUrl ? options.devServerUrl.replace(/\/$/, '') : APP_ORIGIN;
    void window.loadURL(`${origin}${route}`).catch((error: unknown) => options.log('Loading the renderer failed', error));
  }

  function savePlacement(window: BrowserWindow): void {
    try {
      const file = options.windowStateFile();
      const next = recordPlacement(parseWindowState(readJsonFile(file)), { bounds: window.getNormalBounds(), maximized: window.isMaximized() }, displays());
      writeJsonFile(file, next, 0o644);
    } catch (error) {
      options.log('Could not save the window placement', error);
    }
  }

  return {
    open,

    /** The app can open windows now: the first one opens on a route that arrived early. */
    openFirst(): void {
      ready = true;
      open(pendingRoute);
      pendingRoute = null;
    },

    /** Before openFirst, a route from the launch's own arguments. */
    rememberRoute(route: string | null): void {
      if (route) pendingRoute = route;
    },

    /** Shows a route in the front window (a new one if there is none), brought forward. */
    openRoute(route: string | null): void {
      if (!ready) {
        // Still starting: the first window opens on this route.
        if (route) pendingRoute = route;
        return;
      }
      const [window] = BrowserWindow.getAllWindows();
      if (!window) {
        open(route);
        return;
      }
      if (window.isMinimized()) window.restore();
      window.show();
      window.focus();
      if (!route) return;
      // A page still loading has not subscribed to navigation yet: load the route itself
      // (nothing can have been typed there so far); a loaded page navigates in place.
      if (window.webContents.isLoadingMainFrame()) load(window, route);
      else window.webContents.send(APP_NAVIGATE_MESSAGE, route);
    },

    /**
     * Closes every window so each renderer saves as it unloads. False when the user kept
     * one open; a window that has not closed within the time limit (a hung page) is destroyed.
     */
    closeAll(): Promise<boolean> {
      const windows = BrowserWindow.getAllWindows();
      if (windows.length === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        let settled = false;
        let remaining = windows.length;
        const finish = (allClosed: boolean) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          onWindowStayed = null;
          resolve(allClosed);
        };
        const timer = setTimeout(() => {
          for (const window of BrowserWindow.getAllWindows()) window.destroy();
          finish(true);
        }, WINDOW_CLOSE_TIME_LIMIT_MS);
        onWindowStayed = () => finish(false);
        for (const window of windows) {
          window.once('closed', () => {
            remaining -= 1;
            if (remaining === 0) finish(true);
          });
          window.close();
        }
      });
    },
  };
}

export type AppWindows = ReturnType<typeof createAppWindows>;

import type { BrowserWindowConstructorOptions } from 'electron';
import type { Rect } from './window-state';

// The one place a Letterdesk window is created (ARCHITECTURE, Electron security
// checklist). The renderer gets no Node and no Electron: it runs sandboxed and isolated,
// and reaches the core only through the preload's window.bridge. `webPreferences` is
// written out as a literal right here, so a reviewer and Electronegativity both read every
// flag where the window is made. BrowserWindow is passed in (main passes Electron's), so a
// test can construct windows with a fake and pin each flag.

export const WINDOW_TITLE = 'Letterdesk';
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;
/** Below this the composer's block list, canvas and settings panel no longer fit side by side. */
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;

export interface AppWindowInput {
  /** Absolute path of the built preload (a CommonJS file: sandboxed preloads cannot be ESM). */
  preloadPath: string;
  /** Developer tools; off in packaged builds. */
  devTools: boolean;
  /** Where the window opens (see window-state.ts); the default size when absent. */
  bounds?: Rect;
  /** Window icon for Linux and Windows (macOS takes it from the bundle). */
  iconPath?: string;
}

export type BrowserWindowConstructor<W> = new (options: BrowserWindowConstructorOptions) => W;

export function createAppWindow<W>(BrowserWindow: BrowserWindowConstructor<W>, input: AppWindowInput): W {
  const bounds = input.bounds ?? { ...DEFAULT_WINDOW_SIZE };
  return new BrowserWindow({
    title: WINDOW_TITLE,
    ...bounds,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    // Shown on 'ready-to-show' so the user never sees an empty white frame.
    show: false,
    backgroundColor: '#ffffff',
    ...(input.iconPath ? { icon: input.iconPath } : {}),
    webPreferences: {
      preload: input.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      // A middle click would otherwise ask for a new window; the open handler denies it
      // anyway, this keeps the event from being raised at all.
      disableBlinkFeatures: 'Auxclick',
      safeDialogs: true,
      spellcheck: true,
      devTools: input.devTools,
      // `enableRemoteModule` is deliberately absent: the remote module left Electron in 14,
      // and the test checks that nobody brings the key back.
    },
  });
}

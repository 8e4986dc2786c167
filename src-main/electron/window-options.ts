import type { BrowserWindowConstructorOptions } from 'electron';

// The options of every Letterdesk window. The renderer gets no Node and no Electron: it
// runs sandboxed and isolated, and reaches the core only through the preload's
// window.bridge. Kept pure (a type-only Electron import) so a test pins every flag.

export const WINDOW_TITLE = 'Letterdesk';
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;
/** Below this the composer's block list, canvas and settings panel no longer fit side by side. */
export const MIN_WINDOW_SIZE = { width: 960, height: 600 } as const;

export interface WindowOptionsInput {
  /** Absolute path of the built preload (a CommonJS file: sandboxed preloads cannot be ESM). */
  preloadPath: string;
  /** Developer tools; off in packaged builds. */
  devTools: boolean;
  /** Window icon for Linux and Windows (macOS takes it from the bundle). */
  iconPath?: string;
}

export function createWindowOptions(input: WindowOptionsInput): BrowserWindowConstructorOptions {
  return {
    title: WINDOW_TITLE,
    width: DEFAULT_WINDOW_SIZE.width,
    height: DEFAULT_WINDOW_SIZE.height,
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
      safeDialogs: true,
      spellcheck: true,
      devTools: input.devTools,
      // `enableRemoteModule` is deliberately absent: the remote module left Electron in 14,
      // and the test checks that nobody brings the key back.
    },
  };
}

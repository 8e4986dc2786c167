import type { BrowserWindowConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE, WINDOW_TITLE, createAppWindow } from './window-factory';

/** Stands in for Electron's BrowserWindow: keeps the options it was built with. */
class FakeBrowserWindow {
  static made: FakeBrowserWindow[] = [];
  constructor(readonly options: BrowserWindowConstructorOptions) {
    FakeBrowserWindow.made.push(this);
  }
}

function make(input: Partial<Parameters<typeof createAppWindow>[1]> = {}) {
  return createAppWindow(FakeBrowserWindow, { preloadPath: '/app/out/preload/index.cjs', devTools: false, ...input }).options;
}

describe('createAppWindow', () => {
  const options = make();
  const web = options.webPreferences ?? {};

  it('constructs through the BrowserWindow it is given', () => {
    const before = FakeBrowserWindow.made.length;
    const window = createAppWindow(FakeBrowserWindow, { preloadPath: '/p.cjs', devTools: false });
    expect(window).toBeInstanceOf(FakeBrowserWindow);
    expect(FakeBrowserWindow.made.length).toBe(before + 1);
  });

  it('isolates the renderer: context isolation, sandbox, no Node anywhere', () => {
    expect(web.contextIsolation).toBe(true);
    expect(web.sandbox).toBe(true);
    expect(web.nodeIntegration).toBe(false);
    expect(web.nodeIntegrationInWorker).toBe(false);
    expect(web.nodeIntegrationInSubFrames).toBe(false);
  });

  it('keeps web security on and the risky extras off', () => {
    expect(web.webSecurity).toBe(true);
    expect(web.allowRunningInsecureContent).toBe(false);
    expect(web.webviewTag).toBe(false);
    expect(web.experimentalFeatures).toBe(false);
    expect(web.navigateOnDragDrop).toBe(false);
    expect(web.enableBlinkFeatures).toBeUndefined();
    expect(web.disableBlinkFeatures).toContain('Auxclick');
  });

  it('has no remote module', () => {
    expect(Object.keys(web)).not.toContain('enableRemoteModule');
  });

  it('loads the given preload and honours the devTools switch', () => {
    expect(web.preload).toBe('/app/out/preload/index.cjs');
    expect(web.devTools).toBe(false);
    expect(make({ devTools: true }).webPreferences?.devTools).toBe(true);
  });

  it('is titled Letterdesk with a default and a minimum size', () => {
    expect(options.title).toBe(WINDOW_TITLE);
    expect(WINDOW_TITLE).toBe('Letterdesk');
    expect(options.width).toBe(DEFAULT_WINDOW_SIZE.width);
    expect(options.height).toBe(DEFAULT_WINDOW_SIZE.height);
    expect(options.x).toBeUndefined();
    expect(options.minWidth).toBe(MIN_WINDOW_SIZE.width);
    expect(options.minHeight).toBe(MIN_WINDOW_SIZE.height);
    expect(options.minWidth).toBeLessThanOrEqual(options.width ?? 0);
    expect(options.minHeight).toBeLessThanOrEqual(options.height ?? 0);
  });

  it('opens at restored bounds when given', () => {
    expect(make({ bounds: { x: 10, y: 20, width: 1000, height: 700 } })).toMatchObject({ x: 10, y: 20, width: 1000, height: 700 });
  });

  it('waits for ready-to-show and sets the icon only when given', () => {
    expect(options.show).toBe(false);
    expect(options.icon).toBeUndefined();
    expect(make({ iconPath: '/icon.png' }).icon).toBe('/icon.png');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A static audit of the Electron host's sources, beside Electronegativity's: the rules that
// make the security checks hold everywhere are about where things are allowed to happen.

const dir = import.meta.dirname;
const sources = fs
  .readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') }));
const preload = fs
  .readdirSync(path.join(dir, '../../src-preload'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: fs.readFileSync(path.join(dir, '../../src-preload', name), 'utf8') }));
const using = (pattern: RegExp) => sources.filter((file) => pattern.test(file.text)).map((file) => file.name);

describe('the Electron host', () => {
  it('creates windows in the window factory only, with webPreferences written there', () => {
    expect(using(/new\s+BrowserWindow\s*\(/)).toEqual(['window-factory.ts']);
    expect(using(/new\s+BrowserView\s*\(|new\s+WebContentsView\s*\(/)).toEqual([]);
    expect(using(/webPreferences\s*:/)).toEqual(['window-factory.ts']);
  });

  it('registers ipc handlers through registerHandler only', () => {
    expect(using(/ipcMain\s*\.\s*(handle|handleOnce|on|once|addListener|prependListener)\s*\(/)).toEqual([]);
    expect(using(/\bipc\.(handle|on)\(/)).toEqual(['register-handler.ts']);
  });

  it('turns the sandbox on for every renderer before the app is ready', () => {
    const main = sources.find((file) => file.name === 'main.ts')?.text ?? '';
    const enable = main.indexOf('app.enableSandbox()');
    expect(enable).toBeGreaterThan(0);
    expect(enable).toBeLessThan(main.indexOf('.whenReady()'));
  });

  it('opens external links through one guarded function', () => {
    expect(using(/shell\.openExternal\(/)).toEqual(['web-contents-guards.ts']);
    const guards = sources.find((file) => file.name === 'web-contents-guards.ts')?.text ?? '';
    expect(guards.match(/shell\.openExternal\(/g)).toHaveLength(1);
  });

  it('gives the page no ipcRenderer: the preload exposes one object', () => {
    const exposing = preload.filter((file) => /exposeInMainWorld\(/.test(file.text));
    expect(exposing.map((file) => file.name)).toEqual(['index.ts']);
    expect(preload.some((file) => /ipcRenderer\.sendSync|remote\b.*require|require\(['"]electron['"]\)\.remote/.test(file.text))).toBe(false);
  });
});

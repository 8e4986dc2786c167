import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_ORIGIN, resolveAppPath, resolveLocalImageRequest } from './app-protocol-path';

const root = path.resolve('/opt/letterdesk/out/renderer');
const files = new Set(['index.html', 'favicon.ico', 'assets/index-3f2a.js', 'assets/fonts/montserrat.woff2'].map((file) => path.join(root, file)));
const isFile = (absolutePath: string) => files.has(absolutePath);
const resolve = (url: string) => resolveAppPath(url, root, isFile);
const index = path.join(root, 'index.html');

describe('resolveAppPath', () => {
  it('serves index.html for the origin itself', () => {
    expect(resolve(`${APP_ORIGIN}/`)).toEqual({ kind: 'file', path: index, fallback: false });
    expect(resolve(APP_ORIGIN)).toEqual({ kind: 'file', path: index, fallback: false });
  });

  it('serves a file at the top of the renderer folder', () => {
    expect(resolve(`${APP_ORIGIN}/favicon.ico`)).toEqual({ kind: 'file', path: path.join(root, 'favicon.ico'), fallback: false });
  });

  it('serves a nested asset', () => {
    expect(resolve(`${APP_ORIGIN}/assets/fonts/montserrat.woff2`)).toEqual({
      kind: 'file',
      path: path.join(root, 'assets', 'fonts', 'montserrat.woff2'),
      fallback: false,
    });
  });

  it('falls back to index.html for client-side routes', () => {
    expect(resolve(`${APP_ORIGIN}/letters/42`)).toEqual({ kind: 'file', path: index, fallback: true });
    expect(resolve(`${APP_ORIGIN}/brands/acme/channels/weekly/letters/u-1.draft`)).toEqual({ kind: 'file', path: index, fallback: true });
  });

  it('answers not-found for a missing asset instead of HTML', () => {
    expect(resolve(`${APP_ORIGIN}/assets/missing-1234.js`)).toEqual({ kind: 'not-found' });
    expect(resolve(`${APP_ORIGIN}/assets/missing.CSS`)).toEqual({ kind: 'not-found' });
  });

  it('ignores query strings and fragments', () => {
    expect(resolve(`${APP_ORIGIN}/assets/index-3f2a.js?v=2#top`)).toEqual({
      kind: 'file',
      path: path.join(root, 'assets', 'index-3f2a.js'),
      fallback: false,
    });
    expect(resolve(`${APP_ORIGIN}/letters?filter=../../etc/passwd`)).toEqual({ kind: 'file', path: index, fallback: true });
  });

  it('refuses .. traversal', () => {
    expect(resolve(`${APP_ORIGIN}/../../etc/passwd`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/assets/../../secret.txt`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/./index.html`).kind).toBe('refused');
  });

  it('refuses encoded traversal', () => {
    expect(resolve(`${APP_ORIGIN}/%2e%2e/%2e%2e/etc/passwd`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/%2E%2E/secret.txt`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/..%2f..%2fetc%2fpasswd`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/assets/..%5c..%5csecret.txt`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/%252e%252e/x`)).toEqual({ kind: 'file', path: index, fallback: true }); // decoded once: a literal "%2e%2e" name
  });

  it('refuses NUL bytes, drive letters and malformed encoding', () => {
    expect(resolve(`${APP_ORIGIN}/index.html%00.js`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/C:%5cWindows%5cwin.ini`).kind).toBe('refused');
    expect(resolve(`${APP_ORIGIN}/%E0%A4%A`).kind).toBe('refused');
  });

  it('never resolves outside the renderer folder', () => {
    const attempts = ['/../x', '/%2e%2e/x', '/a/%2e%2e/%2e%2e/x', '/..%2fx', '//etc/passwd', '/assets//..//..//x'];
    for (const attempt of attempts) {
      const result = resolve(`${APP_ORIGIN}${attempt}`);
      if (result.kind === 'file') expect(path.relative(root, result.path).startsWith('..')).toBe(false);
    }
  });

  it('refuses other schemes and hosts', () => {
    expect(resolve('file:///etc/passwd').kind).toBe('refused');
    expect(resolve('app://elsewhere/index.html').kind).toBe('refused');
    expect(resolve('not a url').kind).toBe('refused');
  });

  it('accepts the host in any case, as Chromium lowers it', () => {
    expect(resolve('app://LetterDesk/favicon.ico')).toEqual({ kind: 'file', path: path.join(root, 'favicon.ico'), fallback: false });
  });
});

describe('resolveLocalImageRequest', () => {
  const imagesDir = path.resolve('/home/editor/.config/Letterdesk/desktop/images');
  const id = '0123456789abcdef0123456789abcdef';

  it("answers the core's image files from its images folder, by their type", () => {
    expect(resolveLocalImageRequest(`${APP_ORIGIN}/local-images/${id}/circle.png`, imagesDir)).toEqual({
      kind: 'image',
      path: path.join(imagesDir, id, 'circle.png'),
      contentType: 'image/png',
    });
    expect(resolveLocalImageRequest(`${APP_ORIGIN}/local-images/${id}/horizontalRectangle.jpg?v=1`, imagesDir)).toMatchObject({
      contentType: 'image/jpeg',
    });
  });

  it('answers not-found for any other name under the folder, traversal and encodings included', () => {
    for (const attempt of [
      `/local-images/${id}/../../letterdesk.sqlite`,
      `/local-images/${id}/%2e%2e%2fletterdesk.sqlite`,
      `/local-images/..%2f..%2fletterdesk.sqlite`,
      `/local-images/${id}/original.svg`,
      `/local-images/${id.toUpperCase()}/original.png`,
      `/local-images/${id}/original.png/x`,
      '/local-images/',
    ]) {
      expect(resolveLocalImageRequest(`${APP_ORIGIN}${attempt}`, imagesDir), attempt).toEqual({ kind: 'not-found' });
    }
  });

  it('leaves every other request to the renderer', () => {
    expect(resolveLocalImageRequest(`${APP_ORIGIN}/index.html`, imagesDir)).toBeNull();
    expect(resolveLocalImageRequest(`app://elsewhere/local-images/${id}/original.png`, imagesDir)).toBeNull();
    expect(resolveLocalImageRequest(`file:///local-images/${id}/original.png`, imagesDir)).toBeNull();
  });
});

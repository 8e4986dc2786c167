import path from 'node:path';
import { LOCAL_IMAGE_PREFIX, resolveLocalImage } from '../core/images/local-image-url';

// Maps an app:// request to a file of the built renderer. Kept free of Electron and of
// disk access (the caller passes `isFile`) so the refusal rules are unit-tested.

export const APP_SCHEME = 'app';
export const APP_HOST = 'letterdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

export type AppPathResolution =
  /** `fallback`: index.html served for a client-side route, not the file asked for. */
  | { kind: 'file'; path: string; fallback: boolean }
  | { kind: 'not-found' }
  | { kind: 'refused'; reason: string };

// A missing file with one of these extensions is a broken asset, not a route: answering it
// with index.html would hand the browser HTML where it expects a script or a font.
const ASSET_EXTENSIONS = new Set([
  '.js', '.mjs', '.cjs', '.css', '.map', '.json', '.wasm', '.html', '.txt', '.xml',
  '.png', '.jpg', '.jpeg', '.gif', '.svg', '.webp', '.avif', '.ico', '.bmp',
  '.woff', '.woff2', '.ttf', '.otf', '.eot', '.mp3', '.mp4', '.webm', '.ogg', '.wav',
]);

/**
 * Resolves `requestUrl` (app://letterdesk/...) inside `rendererRoot`.
 *
 * Segments are checked on the raw path, before any URL normalisation: Chromium already
 * collapses `..`, but a request that needed collapsing was never made by our own pages, and
 * an encoded separator (`..%2f`, `%5c`) would survive normalisation and be split by the
 * file system instead.
 */
export function resolveAppPath(
  requestUrl: string,
  rendererRoot: string,
  isFile: (absolutePath: string) => boolean,
): AppPathResolution {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return { kind: 'refused', reason: 'malformed URL' };
  }
  if (url.protocol !== `${APP_SCHEME}:`) return { kind: 'refused', reason: `not an ${APP_SCHEME}: URL` };
  // Node keeps the case of a non-special scheme's host; Chromium lowers it.
  if (url.host.toLowerCase() !== APP_HOST) return { kind: 'refused', reason: `unknown host ${url.host}` };

  const segments: string[] = [];
  for (const raw of rawPath(requestUrl).split('/')) {
    if (raw === '') continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return { kind: 'refused', reason: 'malformed percent-encoding' };
    }
    if (segment === '.' || segment === '..') return { kind: 'refused', reason: 'path traversal' };
    // Separators inside a segment, NUL, and ':' (Windows drive letters and alternate data
    // streams) can only come from an encoded attempt to leave the folder.
    if (/[/\\\0:]/.test(segment)) return { kind: 'refused', reason: 'forbidden character in path' };
    segments.push(segment);
  }

  const root = path.resolve(rendererRoot);
  const index = path.join(root, 'index.html');
  if (segments.length === 0) return { kind: 'file', path: index, fallback: false };

  const candidate = path.resolve(root, ...segments);
  const relative = path.relative(root, candidate);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
    return { kind: 'refused', reason: 'path traversal' };
  }
  if (isFile(candidate)) return { kind: 'file', path: candidate, fallback: false };

  const last = segments[segments.length - 1] ?? '';
  if (ASSET_EXTENSIONS.has(path.extname(last).toLowerCase())) return { kind: 'not-found' };
  return { kind: 'file', path: index, fallback: true };
}

/**
 * An app://letterdesk/local-images/... request: the core's copy of a picked image, from
 * `imagesDir` only (local-image-url.ts answers nothing but the names the core makes).
 * null when the request is for something else.
 */
export function resolveLocalImageRequest(
  requestUrl: string,
  imagesDir: string,
): { kind: 'image'; path: string; contentType: string } | { kind: 'not-found' } | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host.toLowerCase() !== APP_HOST) return null;
  const raw = rawPath(requestUrl);
  if (!raw.startsWith(LOCAL_IMAGE_PREFIX)) return null;
  const image = resolveLocalImage(raw, imagesDir);
  return image ? { kind: 'image', path: image.file, contentType: image.contentType } : { kind: 'not-found' };
}

/** The path part of a URL exactly as written: after the authority, before `?` or `#`. */
function rawPath(requestUrl: string): string {
  const afterScheme = requestUrl.indexOf('://');
  const rest = afterScheme === -1 ? requestUrl : requestUrl.slice(afterScheme + 3);
  const end = rest.search(/[?#]/);
  const withoutQuery = end === -1 ? rest : rest.slice(0, end);
  const slash = withoutQuery.indexOf('/');
  return slash === -1 ? '' : withoutQuery.slice(slash);
}

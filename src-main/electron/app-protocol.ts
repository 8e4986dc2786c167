import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { LOCAL_IMAGE_CACHE_CONTROL } from '../core/images/local-image-url';
import { APP_SCHEME, resolveAppPath, resolveLocalImageRequest } from './app-protocol-path';

// Serves the built renderer from app://letterdesk/ rather than file://: a standard, secure
// origin of its own, so 'self' in the CSP means the app and nothing else on disk, and
// client-side routes can fall back to index.html.

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true, stream: true },
    },
  ]);
}

export interface AppProtocolOptions {
  /** out/renderer (inside app.asar once packaged; Electron's fs reads through it). */
  rendererDir: string;
  /** Read per response: the platform origin in it is known only once the server runs. */
  contentSecurityPolicy: () => string;
  log: (message: string, detail?: unknown) => void;
  /** The core's images folder: picked images show from it until the platform has them. */
  localImagesDir?: string;
}

export function handleAppProtocol(options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405 });
    }
    const image = options.localImagesDir ? resolveLocalImageRequest(request.url, options.localImagesDir) : null;
    if (image) return serveLocalImage(image);
    const resolution = resolveAppPath(request.url, options.rendererDir, isFile);
    if (resolution.kind === 'refused') {
      options.log(`Refused ${request.url}: ${resolution.reason}`);
      return new Response('Forbidden', { status: 403 });
    }
    if (resolution.kind === 'not-found') return new Response('Not found', { status: 404 });

    const file = await net.fetch(pathToFileURL(resolution.path).toString());
    const headers = new Headers(file.headers);
    headers.set('Content-Security-Policy', options.contentSecurityPolicy());
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    // Hashed assets may be cached; index.html names the current hashes, so it may not.
    if (resolution.fallback || resolution.path.endsWith('index.html')) headers.set('Cache-Control', 'no-cache');
    return new Response(file.body, { status: file.status, statusText: file.statusText, headers });
  });
}

async function serveLocalImage(image: NonNullable<ReturnType<typeof resolveLocalImageRequest>>): Promise<Response> {
  if (image.kind === 'not-found' || !isFile(image.path)) return new Response('Not found', { status: 404 });
  const file = await net.fetch(pathToFileURL(image.path).toString());
  const headers = new Headers({
    'Content-Type': image.contentType,
    'Cache-Control': LOCAL_IMAGE_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
  });
  return new Response(file.body, { status: file.status, headers });
}

function isFile(absolutePath: string): boolean {
  return fs.statSync(absolutePath, { throwIfNoEntry: false })?.isFile() ?? false;
}

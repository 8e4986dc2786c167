import { createHash } from 'node:crypto';
import { ApiErrorSchema, platformPaths } from '../../../shared/contract/platform-api';
import {
  UPLOAD_FILE_NAME_PARAM,
  UploadFromUrlResponseSchema,
  UploadImageResponseSchema,
  type UploadFromUrlResponse,
  type UploadImageResponse,
} from '../../../shared/contract/platform-media';
import { PlatformError } from '../platform/platform-client';

// Sends one image file to the platform's upload call: the body is the file's bytes. The
// Idempotency-Key is made from the path and the bytes, so a retry whose first answer was
// lost gets that answer instead of storing the image twice.

const UPLOAD_TIMEOUT_MS = 60_000;

export interface ImageUploadRequest {
  brandSlug: string;
  channelSlug: string;
  letterId: number;
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export async function uploadImageFile(baseUrl: string, token: string | null, request: ImageUploadRequest): Promise<UploadImageResponse> {
  const root = baseUrl.replace(/\/+$/, '');
  const path = `${platformPaths.uploadMedia(request.brandSlug, request.channelSlug, request.letterId)}?${UPLOAD_FILE_NAME_PARAM}=${encodeURIComponent(request.fileName)}`;
  const headers: Record<string, string> = {
    accept: 'application/json',
    'content-type': request.contentType,
    'idempotency-key': createHash('sha256').update(path).update('\n').update(request.bytes).digest('hex'),
  };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(root + path, { method: 'POST', headers, body: new Uint8Array(request.bytes), signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
  } catch {
    throw new PlatformError('network', `The platform at ${root} cannot be reached.`);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(payload);
    throw new PlatformError('http', parsed.success ? parsed.data.message : `The platform answered ${response.status}.`, response.status);
  }
  return UploadImageResponseSchema.parse(payload);
}

// --- Images from a web address (spec 1 §7 upload-from-url) ---------------------------------

/** The platform fetches the address itself (its guard refuses private addresses) and may wait 10 s for it. */
const COPY_TIMEOUT_MS = 30_000;

export interface ImageCopyRequest {
  brandSlug: string;
  channelSlug: string;
  letterId: number;
  url: string;
}

/**
 * Asks the platform to copy the image at `url` into its storage (upload-from-url). The core
 * never fetches the address itself: the platform does, through its guarded fetcher.
 */
export async function copyImageFromUrl(baseUrl: string, token: string | null, request: ImageCopyRequest): Promise<UploadFromUrlResponse> {
  const root = baseUrl.replace(/\/+$/, '');
  const path = platformPaths.uploadFromUrl(request.brandSlug, request.channelSlug, request.letterId);
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(root + path, { method: 'POST', headers, body: JSON.stringify({ url: request.url }), signal: AbortSignal.timeout(COPY_TIMEOUT_MS) });
  } catch {
    throw new PlatformError('network', `The platform at ${root} cannot be reached.`);
  }
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(payload);
    throw new PlatformError('http', parsed.success ? parsed.data.message : `The platform answered ${response.status}.`, response.status, parsed.success ? parsed.data.errors : undefined);
  }
  return UploadFromUrlResponseSchema.parse(payload);
}

/** The key of one of the platform's stored images, from its public URL (…/media/{key}); null for any other address. */
export function platformMediaKey(url: string, baseUrl: string): string | null {
  let parsed: URL;
  let root: URL;
  try {
    parsed = new URL(url);
    root = new URL(baseUrl);
  } catch {
    return null;
  }
  if (parsed.origin !== root.origin) return null;
  const match = /^\/media\/([^/?#]+)$/.exec(parsed.pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** The bytes of an image the platform stores, read from the platform itself (never another host). */
export async function downloadPlatformImage(baseUrl: string, storageKey: string): Promise<Buffer> {
  const root = baseUrl.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(root + platformPaths.media(storageKey), { signal: AbortSignal.timeout(COPY_TIMEOUT_MS) });
  } catch {
    throw new PlatformError('network', `The platform at ${root} cannot be reached.`);
  }
  if (!response.ok) throw new PlatformError('http', `The platform answered ${response.status} for the copied image.`, response.status);
  return Buffer.from(await response.arrayBuffer());
}

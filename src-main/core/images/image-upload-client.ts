import { createHash } from 'node:crypto';
import { ApiErrorSchema, platformPaths } from '../../../shared/contract/platform-api';
import { UPLOAD_FILE_NAME_PARAM, UploadImageResponseSchema, type UploadImageResponse } from '../../../shared/contract/platform-media';
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

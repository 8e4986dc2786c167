import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  SVG_NOT_SUPPORTED_MESSAGE,
} from '../../shared/contract/platform-media';
import type { ImageFormat } from '../../shared/contract/platform-media';
import { HttpError } from '../http/errors';
import { FetchRefusedError, RedirectLimitError, guardedFetch } from '../integrations/guarded-fetch';
import type { FetchGuard, GuardedAnswer } from '../integrations/guarded-fetch';
import { BodyTooLargeError } from '../integrations/read-limited';
import { IMAGE_FORMATS, formatOfContentType, imageSize, isSvgContentType, looksLikeSvg, sniffFormats } from './image-sniff';
import type { ImageSize } from './image-sniff';

// Copies an external image for upload-from-url (spec 1 §7), with the spec's image rules
// (§5: no SVG, only the listed formats) and limits of our own: https only unless http is
// allowed, 10 MB, 10 s for the whole download, each redirect checked like the first, and
// only public addresses unless the platform allows private ones (guarded-fetch.ts). The
// server's content type must name an accepted image format and so must the bytes; the bytes decide what is stored, since servers mislabel images.
// 422 means the address or what it holds is refused; 502 means the other server failed.

export interface FetchImageOptions {
  allowHttp: boolean;
  guard: FetchGuard;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface FetchedImage {
  bytes: Buffer;
  format: ImageFormat;
  contentType: string;
  size: ImageSize | null;
}

export const IMAGE_FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

const refused = (message: string) => new HttpError(422, message, { url: [message] });
const upstream = (message: string) => new HttpError(502, message);

/** The address as a URL the platform may fetch, or a 422 saying why not. */
export function checkImageUrl(raw: string, allowHttp: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('Enter a full web address, starting with https://.');
  }
  if (url.protocol === 'http:' && !allowHttp) throw refused('Only https addresses can be used for images.');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refused(allowHttp ? 'Only http and https addresses can be used for images.' : 'Only https addresses can be used for images.');
  }
  if (url.username || url.password) throw refused('Addresses with a user name or password cannot be used for images.');
  if (/\.svgz?$/i.test(url.pathname)) throw refused(SVG_NOT_SUPPORTED_MESSAGE);
  return url;
}

export async function fetchImage(raw: string, options: FetchImageOptions): Promise<FetchedImage> {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? IMAGE_FETCH_TIMEOUT_MS;
  const url = checkImageUrl(raw, options.allowHttp);
  let host = url.host;
  try {
    const answer = await guardedFetch(url, options.guard, {
      timeoutMs,
      maxBytes,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept: 'image/*' },
      checkRedirect: (next) => {
        host = next.host;
        return checkImageUrl(next.toString(), options.allowHttp);
      },
    });
    if (!answer.response.ok) {
      await answer.discard();
      throw upstream(`The image could not be fetched: ${answer.url.host} answered ${answer.response.status}.`);
    }
    return await readImage(answer);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof FetchRefusedError) throw refused(error.message);
    if (error instanceof RedirectLimitError) throw upstream(error.message);
    if (error instanceof BodyTooLargeError) throw refused(IMAGE_TOO_LARGE_MESSAGE);
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw upstream(`The image took longer than ${Math.ceil(timeoutMs / 1000)} s to download.`);
    }
    throw upstream(`The image could not be fetched from ${host}.`);
  }
}

async function readImage(answer: GuardedAnswer): Promise<FetchedImage> {
  const declared = answer.response.headers.get('content-type');
  const declaredFormat = formatOfContentType(declared);
  // Checked before reading: a page or an SVG is refused without downloading it.
  if (declaredFormat === null) {
    await answer.discard();
    throw refused(isSvgContentType(declared) ? SVG_NOT_SUPPORTED_MESSAGE : NOT_AN_IMAGE_MESSAGE);
  }
  const bytes = await answer.read();
  if (looksLikeSvg(bytes)) throw refused(SVG_NOT_SUPPORTED_MESSAGE);
  const formats = sniffFormats(bytes);
  // AVIF is a kind of HEIF: when the bytes allow both, the server's word decides.
  const format = formats.includes(declaredFormat) ? declaredFormat : formats[0];
  if (!format) throw refused(NOT_AN_IMAGE_MESSAGE);
  return { bytes, format, contentType: IMAGE_FORMATS[format].contentType, size: imageSize(format, bytes) };
}

import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  SVG_NOT_SUPPORTED_MESSAGE,
} from '../../shared/contract/platform-media';
import type { ImageFormat } from '../../shared/contract/platform-media';
import { HttpError } from '../http/errors';
import { BodyTooLargeError, readLimited } from '../integrations/read-limited';
import { IMAGE_FORMATS, formatOfContentType, imageSize, isSvgContentType, looksLikeSvg, sniffFormats } from './image-sniff';
import type { ImageSize } from './image-sniff';

// Copies an external image for upload-from-url (spec 1 §7), with the spec's image rules
// (§5: no SVG, only the listed formats) and limits of our own: https only unless http is
// allowed, 10 MB, 10 s for the whole download, redirects followed by hand so each hop is
// checked like the first. The server's content type must name an accepted image format
// and so must the bytes; the bytes decide what is stored, since servers mislabel images.
// 422 means the address or what it holds is refused; 502 means the other server failed.

export interface FetchImageOptions {
  allowHttp: boolean;
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
  let url = checkImageUrl(raw, options.allowHttp);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    for (let hops = 0; ; hops += 1) {
      const response = await fetch(url, { redirect: 'manual', signal, headers: { accept: 'image/*' } });
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel().catch(() => undefined);
        if (hops >= MAX_REDIRECTS) throw upstream(`${url.host} redirected too many times.`);
        url = checkImageUrl(new URL(location, url).toString(), options.allowHttp);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw upstream(`The image could not be fetched: ${url.host} answered ${response.status}.`);
      }
      return await readImage(response, maxBytes);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof BodyTooLargeError) throw refused(IMAGE_TOO_LARGE_MESSAGE);
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      throw upstream(`The image took longer than ${Math.ceil(timeoutMs / 1000)} s to download.`);
    }
    throw upstream(`The image could not be fetched from ${url.host}.`);
  }
}

async function readImage(response: Response, maxBytes: number): Promise<FetchedImage> {
  const declared = response.headers.get('content-type');
  const declaredFormat = formatOfContentType(declared);
  // Checked before reading: a page or an SVG is refused without downloading it.
  if (declaredFormat === null) {
    await response.body?.cancel().catch(() => undefined);
    throw refused(isSvgContentType(declared) ? SVG_NOT_SUPPORTED_MESSAGE : NOT_AN_IMAGE_MESSAGE);
  }
  const bytes = await readLimited(response, maxBytes);
  if (looksLikeSvg(bytes)) throw refused(SVG_NOT_SUPPORTED_MESSAGE);
  const formats = sniffFormats(bytes);
  // AVIF is a kind of HEIF: when the bytes allow both, the server's word decides.
  const format = formats.includes(declaredFormat) ? declaredFormat : formats[0];
  if (!format) throw refused(NOT_AN_IMAGE_MESSAGE);
  return { bytes, format, contentType: IMAGE_FORMATS[format].contentType, size: imageSize(format, bytes) };
}

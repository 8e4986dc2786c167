import { SVG_NOT_SUPPORTED_MESSAGE, type ImageFormat } from '../contract/platform-media';

// The spec's rules for an image file the editor picks or drops (spec 1 §5, spec 2 §5 Image
// settings): no SVG (by type or by a .svg name), images only, shrunk to fit 1024×1024, the
// social card's image 400 wide, the file-name label cut to 20 characters. The renderer checks
// a file before sending anything; the core checks again on the bytes it is given.

/** Longest side of a stored image; bigger images are shrunk to fit inside 1024×1024. */
export const IMAGE_FIT_PX = 1024;
/** Width of the social card's image. */
export const SOCIAL_IMAGE_WIDTH_PX = 400;
/** The picked file's name is shown cut to this many characters. */
export const IMAGE_FILE_LABEL_MAX = 20;

export const NOT_AN_IMAGE_FILE_MESSAGE =
  'This file is not an image. Please use JPEG, PNG, GIF, WebP, HEIF, TIFF, BMP, AVIF or ICO.';

const FORMAT_OF_MIME: Readonly<Record<string, ImageFormat>> = {
  'image/jpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/png': 'png',
  'image/apng': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heif': 'heif',
  'image/heic': 'heif',
  'image/heif-sequence': 'heif',
  'image/heic-sequence': 'heif',
  'image/tiff': 'tiff',
  'image/bmp': 'bmp',
  'image/x-bmp': 'bmp',
  'image/x-ms-bmp': 'bmp',
  'image/avif': 'avif',
  'image/x-icon': 'ico',
  'image/vnd.microsoft.icon': 'ico',
};

const FORMAT_OF_EXTENSION: Readonly<Record<string, ImageFormat>> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jpe: 'jpeg',
  jfif: 'jpeg',
  png: 'png',
  apng: 'png',
  gif: 'gif',
  webp: 'webp',
  heif: 'heif',
  heic: 'heif',
  hif: 'heif',
  tif: 'tiff',
  tiff: 'tiff',
  bmp: 'bmp',
  dib: 'bmp',
  avif: 'avif',
  ico: 'ico',
};

function mimeOf(mimeType: string): string {
  return mimeType.split(';')[0]!.trim().toLowerCase();
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).trim().toLowerCase();
}

export function isSvgFile(fileName: string, mimeType: string): boolean {
  const mime = mimeOf(mimeType);
  return mime === 'image/svg+xml' || mime === 'image/svg' || ['svg', 'svgz'].includes(extensionOf(fileName));
}

/**
 * The format the file claims to be, from its type or, when the system gives no type (as
 * browsers do for HEIF on some systems), from its name; null when it claims none we take.
 */
export function claimedImageFormat(fileName: string, mimeType: string): ImageFormat | null {
  const mime = mimeOf(mimeType);
  const byMime = FORMAT_OF_MIME[mime];
  if (byMime) return byMime;
  if (mime !== '' && mime !== 'application/octet-stream') return null;
  return FORMAT_OF_EXTENSION[extensionOf(fileName)] ?? null;
}

/** Why the file cannot be used, in the spec's words, or null when it may be sent. */
export function imageFileRefusal(fileName: string, mimeType: string): string | null {
  if (isSvgFile(fileName, mimeType)) return SVG_NOT_SUPPORTED_MESSAGE;
  if (claimedImageFormat(fileName, mimeType) === null) return NOT_AN_IMAGE_FILE_MESSAGE;
  return null;
}

/**
 * The file-name label: at most 20 characters as the editor sees them; a longer name keeps
 * its first 19 and ends with '…', so the cut is visible.
 */
export function imageFileLabel(fileName: string): string {
  const characters = Array.from(fileName);
  return characters.length <= IMAGE_FILE_LABEL_MAX ? fileName : `${characters.slice(0, IMAGE_FILE_LABEL_MAX - 1).join('')}…`;
}

/** The `accept` list of a file input: every accepted type and extension, so the dialog offers only images. */
export const IMAGE_FILE_ACCEPT = [
  ...Object.keys(FORMAT_OF_MIME),
  ...Object.keys(FORMAT_OF_EXTENSION).map((extension) => `.${extension}`),
].join(',');

/**
 * `text` with every address in `urls` (this computer's → the platform's) replaced. Local
 * image addresses are made of characters JSON never escapes, so replacing them in a
 * letter's blocks JSON replaces them in every string of it.
 */
export function replaceImageUrls(text: string, urls: Readonly<Record<string, string>>): string {
  let out = text;
  for (const [from, to] of Object.entries(urls)) if (from !== '' && out.includes(from)) out = out.split(from).join(to);
  return out;
}

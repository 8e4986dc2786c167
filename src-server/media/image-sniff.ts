import type { ImageFormat } from '../../shared/contract/platform-media';

// What an image is, read from its first bytes rather than taken from the server that sent
// it, and its size when the format says it in a fixed place. Decoding pixels (and
// resizing) is sharp's job, which arrives with the image presets.

interface FormatInfo {
  /** What the platform serves it as. */
  contentType: string;
  /** What other servers call it (aliases included). */
  contentTypes: readonly string[];
  extension: string;
}

export const IMAGE_FORMATS: Record<ImageFormat, FormatInfo> = {
  jpeg: { contentType: 'image/jpeg', contentTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], extension: 'jpg' },
  png: { contentType: 'image/png', contentTypes: ['image/png', 'image/x-png', 'image/apng'], extension: 'png' },
  gif: { contentType: 'image/gif', contentTypes: ['image/gif'], extension: 'gif' },
  webp: { contentType: 'image/webp', contentTypes: ['image/webp'], extension: 'webp' },
  heif: {
    contentType: 'image/heif',
    contentTypes: ['image/heif', 'image/heic', 'image/heif-sequence', 'image/heic-sequence'],
    extension: 'heif',
  },
  tiff: { contentType: 'image/tiff', contentTypes: ['image/tiff'], extension: 'tiff' },
  bmp: { contentType: 'image/bmp', contentTypes: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'], extension: 'bmp' },
  avif: { contentType: 'image/avif', contentTypes: ['image/avif'], extension: 'avif' },
  ico: {
    contentType: 'image/x-icon',
    contentTypes: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/ico', 'image/icon'],
    extension: 'ico',
  },
};

/** `image/png; charset=binary` → `image/png`. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function formatOfContentType(contentType: string | null): ImageFormat | null {
  const type = mediaType(contentType);
  for (const [format, info] of Object.entries(IMAGE_FORMATS) as [ImageFormat, FormatInfo][]) {
    if (info.contentTypes.includes(type)) return format;
  }
  return null;
}

export function isSvgContentType(contentType: string | null): boolean {
  return mediaType(contentType).includes('svg');
}

/** SVG is XML text: a leading `<svg` or `<?xml` (after a BOM or blank space) gives it away. */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 512)).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  return head.startsWith('<svg') || head.startsWith('<?xml') || (head.startsWith('<!doctype svg'));
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The formats these bytes can be. Usually one; an ISO-BMFF file whose brands say both
 * HEIF and AVIF (AVIF is built on HEIF) can be either.
 */
export function sniffFormats(bytes: Uint8Array): ImageFormat[] {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (start: number, end: number) => b.subarray(start, end).toString('latin1');
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return ['jpeg'];
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return ['png'];
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return ['gif'];
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return ['webp'];
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return ['tiff'];
  if (ascii(0, 2) === 'BM' && b.length >= 26) return ['bmp'];
  if (b.length >= 6 && b.readUInt32BE(0) === 0x00000100 && b.readUInt16LE(4) > 0) return ['ico'];
  if (ascii(4, 8) === 'ftyp') {
    const brands = ftypBrands(b);
    const formats: ImageFormat[] = [];
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) formats.push('avif');
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) formats.push('heif');
    return formats;
  }
  return [];
}

/** The major brand and the compatible brands of the leading `ftyp` box. */
function ftypBrands(b: Buffer): string[] {
  const boxSize = Math.min(b.readUInt32BE(0), b.length, 256);
  const brands = [b.subarray(8, 12).toString('latin1')];
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(b.subarray(offset, offset + 4).toString('latin1'));
  return brands;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** Width and height when the format keeps them in its header; null when unknown or absurd. */
export function imageSize(format: ImageFormat, bytes: Uint8Array): ImageSize | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let size: ImageSize | null = null;
  try {
    size = readSize(format, b);
  } catch {
    // A header cut short: the image is still stored, its size is just not known.
    return null;
  }
  if (!size || !Number.isInteger(size.width) || !Number.isInteger(size.height)) return null;
  if (size.width < 1 || size.height < 1 || size.width > 100_000 || size.height > 100_000) return null;
  return size;
}

function readSize(format: ImageFormat, b: Buffer): ImageSize | null {
  switch (format) {
    case 'png':
      return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
    case 'gif':
      return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
    case 'bmp':
      // A 12-byte core header keeps 16-bit sizes; later headers 32-bit, height negative when top-down.
      return b.readUInt32LE(14) === 12
        ? { width: b.readUInt16LE(18), height: b.readUInt16LE(20) }
        : { width: b.readInt32LE(18), height: Math.abs(b.readInt32LE(22)) };
    case 'ico':
      // The first icon of the directory; 0 means 256.
      return { width: b[6] || 256, height: b[7] || 256 };
    case 'webp':
      return webpSize(b);
    case 'jpeg':
      return jpegSize(b);
    default:
      return null;
  }
}

function webpSize(b: Buffer): ImageSize | null {
  const chunk = b.subarray(12, 16).toString('latin1');
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegSize(b: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 9 < b.length) {
    if (b[offset] !== 0xff) return null;
    const marker = b[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: b.readUInt16BE(offset + 5), width: b.readUInt16BE(offset + 7) };
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
      continue;
    }
    offset += 2 + b.readUInt16BE(offset + 2);
  }
  return null;
}

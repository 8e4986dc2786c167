// BMP and ICO readers. The spec accepts both formats but sharp's prebuilt libvips reads
// neither, so these decode them to RGBA pixels that sharp takes as raw input. Covered: the
// Windows bitmap headers (core, info, v2 to v5), 1, 4, 8, 16, 24 and 32 bits per pixel,
// uncompressed and bit-field layouts, bottom-up and top-down rows; icons holding PNG or
// bitmap images (the AND mask gives the transparency). RLE-compressed bitmaps are refused:
// they are rare and every editor can save a plain one.

export interface RawImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, rows top to bottom. */
  data: Buffer;
}

export class BitmapDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BitmapDecodeError';
  }
}

/** Refused above this: 100 MB of pixels in memory for a picture that is shrunk to 1024 anyway. */
const MAX_PIXELS = 25_000_000;
const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

const unreadable = () => new BitmapDecodeError('This bitmap image is damaged or incomplete.');

export function isBmp(bytes: Uint8Array): boolean {
  return bytes.length >= 26 && bytes[0] === 0x42 && bytes[1] === 0x4d;
}

export function isIco(bytes: Uint8Array): boolean {
  return bytes.length >= 6 && bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0 && (bytes[4]! | bytes[5]!) !== 0;
}

export function decodeBmp(input: Uint8Array): RawImage {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (!isBmp(bytes)) throw unreadable();
  const pixelOffset = bytes.readUInt32LE(10);
  return decodeDib(bytes, 14, { pixelOffset, icon: false });
}

/** The largest image of an icon: PNG bytes as they are (sharp reads them), or decoded pixels. */
export function decodeIco(input: Uint8Array): { png: Buffer } | RawImage {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (!isIco(bytes)) throw unreadable();
  const count = bytes.readUInt16LE(4);
  if (bytes.length < 6 + count * 16) throw unreadable();
  let best: { area: number; bits: number; offset: number; size: number } | null = null;
  for (let i = 0; i < count; i += 1) {
    const entry = 6 + i * 16;
    const width = bytes[entry]! || 256;
    const height = bytes[entry + 1]! || 256;
    const bits = bytes.readUInt16LE(entry + 6);
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (size === 0 || offset + size > bytes.length) continue;
    const area = width * height;
    if (!best || area > best.area || (area === best.area && bits > best.bits)) best = { area, bits, offset, size };
  }
  if (!best) throw unreadable();
  const image = bytes.subarray(best.offset, best.offset + best.size);
  if (image.length >= 8 && image.readUInt32BE(0) === 0x89504e47) return { png: Buffer.from(image) };
  return decodeDib(image, 0, { pixelOffset: null, icon: true });
}

interface Masks {
  red: number;
  green: number;
  blue: number;
  alpha: number;
}

function decodeDib(bytes: Buffer, at: number, options: { pixelOffset: number | null; icon: boolean }): RawImage {
  if (bytes.length < at + 12) throw unreadable();
  const headerSize = bytes.readUInt32LE(at);
  let width: number;
  let rawHeight: number;
  let bits: number;
  let compression = BI_RGB;
  let colorsUsed = 0;
  let paletteEntrySize = 4;
  if (headerSize === 12) {
    width = bytes.readUInt16LE(at + 4);
    rawHeight = bytes.readInt16LE(at + 6);
    bits = bytes.readUInt16LE(at + 10);
    paletteEntrySize = 3;
  } else if (headerSize >= 40 && bytes.length >= at + headerSize) {
    width = bytes.readInt32LE(at + 4);
    rawHeight = bytes.readInt32LE(at + 8);
    bits = bytes.readUInt16LE(at + 14);
    compression = bytes.readUInt32LE(at + 16);
    colorsUsed = bytes.readUInt32LE(at + 32);
  } else {
    throw unreadable();
  }

  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) {
    throw new BitmapDecodeError('This bitmap uses a compression that cannot be read. Please save it as PNG or JPEG.');
  }
  if (![1, 4, 8, 16, 24, 32].includes(bits)) throw unreadable();
  const topDown = rawHeight < 0 && !options.icon;
  // An icon's bitmap counts its colour rows and its mask rows together.
  const height = options.icon ? Math.abs(rawHeight) / 2 : Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || !Number.isInteger(height)) throw unreadable();
  if (width * height > MAX_PIXELS) throw new BitmapDecodeError('This image is too large to read.');

  let cursor = at + headerSize;
  let masks: Masks | null = null;
  if (bits === 16 || bits === 32) {
    if (compression === BI_RGB) {
      masks = bits === 16 ? { red: 0x7c00, green: 0x03e0, blue: 0x001f, alpha: 0 } : { red: 0xff0000, green: 0xff00, blue: 0xff, alpha: 0 };
    } else if (headerSize >= 52) {
      masks = {
        red: bytes.readUInt32LE(at + 40),
        green: bytes.readUInt32LE(at + 44),
        blue: bytes.readUInt32LE(at + 48),
        alpha: headerSize >= 56 ? bytes.readUInt32LE(at + 52) : 0,
      };
    } else {
      const withAlpha = compression === BI_ALPHABITFIELDS;
      if (bytes.length < cursor + (withAlpha ? 16 : 12)) throw unreadable();
      masks = {
        red: bytes.readUInt32LE(cursor),
        green: bytes.readUInt32LE(cursor + 4),
        blue: bytes.readUInt32LE(cursor + 8),
        alpha: withAlpha ? bytes.readUInt32LE(cursor + 12) : 0,
      };
      cursor += withAlpha ? 16 : 12;
    }
  }

  let palette: Buffer | null = null;
  if (bits <= 8) {
    const entries = colorsUsed > 0 && colorsUsed <= 1 << bits ? colorsUsed : 1 << bits;
    const end = cursor + entries * paletteEntrySize;
    if (bytes.length < end) throw unreadable();
    palette = Buffer.alloc(256 * 3);
    for (let i = 0; i < entries; i += 1) {
      const entry = cursor + i * paletteEntrySize;
      palette[i * 3] = bytes[entry + 2]!;
      palette[i * 3 + 1] = bytes[entry + 1]!;
      palette[i * 3 + 2] = bytes[entry]!;
    }
    cursor = end;
  }

  const pixelStart = options.pixelOffset ?? cursor;
  const stride = Math.ceil((width * bits) / 32) * 4;
  if (pixelStart < 0 || bytes.length < pixelStart + stride * height) throw unreadable();

  const data = Buffer.alloc(width * height * 4);
  const readAlpha = masks !== null && masks.alpha !== 0;
  let anyAlpha = false;
  for (let y = 0; y < height; y += 1) {
    const row = pixelStart + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x += 1) {
      const out = (y * width + x) * 4;
      if (palette) {
        const bitOffset = x * bits;
        const byte = bytes[row + (bitOffset >> 3)]!;
        const index = (byte >> (8 - bits - (bitOffset & 7))) & ((1 << bits) - 1);
        data[out] = palette[index * 3]!;
        data[out + 1] = palette[index * 3 + 1]!;
        data[out + 2] = palette[index * 3 + 2]!;
        data[out + 3] = 255;
      } else if (bits === 24) {
        const p = row + x * 3;
        data[out] = bytes[p + 2]!;
        data[out + 1] = bytes[p + 1]!;
        data[out + 2] = bytes[p]!;
        data[out + 3] = 255;
      } else {
        const value = bits === 16 ? bytes.readUInt16LE(row + x * 2) : bytes.readUInt32LE(row + x * 4);
        const m = masks!;
        data[out] = channel(value, m.red);
        data[out + 1] = channel(value, m.green);
        data[out + 2] = channel(value, m.blue);
        // 32-bit icons keep their alpha in the fourth byte even when the header names no mask.
        const alphaMask = readAlpha ? m.alpha : options.icon && bits === 32 ? 0xff000000 : 0;
        const alpha = alphaMask ? channel(value, alphaMask) : 255;
        if (alpha !== 0) anyAlpha = true;
        data[out + 3] = alpha;
      }
    }
  }
  // A fourth byte that is zero everywhere is padding, not transparency.
  if ((bits === 32 || bits === 16) && !anyAlpha) for (let i = 3; i < data.length; i += 4) data[i] = 255;

  if (options.icon && (bits < 32 || !anyAlpha)) applyAndMask(bytes, pixelStart + stride * height, width, height, data);
  return { width, height, data };
}

/** An icon's 1-bit AND mask: a set bit is a transparent pixel. A missing mask leaves the image opaque. */
function applyAndMask(bytes: Buffer, start: number, width: number, height: number, data: Buffer) {
  const stride = Math.ceil(width / 32) * 4;
  if (bytes.length < start + stride * height) return;
  for (let y = 0; y < height; y += 1) {
    const row = start + (height - 1 - y) * stride;
    for (let x = 0; x < width; x += 1) {
      if ((bytes[row + (x >> 3)]! >> (7 - (x & 7))) & 1) data[(y * width + x) * 4 + 3] = 0;
    }
  }
}

/** The bits of `value` under `mask`, scaled to 0–255. */
function channel(value: number, mask: number): number {
  if (mask === 0) return 0;
  let m = mask >>> 0;
  let v = (value & m) >>> 0;
  while ((m & 1) === 0) {
    m >>>= 1;
    v >>>= 1;
  }
  return m === 0xff ? v : Math.round((v * 255) / m);
}

import sharp from 'sharp';

// Pictures made on the spot for the image tests: real encoders (sharp) for the formats it
// writes, and hand-built BMP and ICO files for the two it cannot.

export type Rgba = [number, number, number, number];

/** A picture whose left half is red and right half blue, so crops and orientation can be checked. */
export function twoTone(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'tiff' | 'avif', alpha = false): Promise<Buffer> {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * channels;
      const left = x < width / 2;
      pixels[at] = left ? 255 : 0;
      pixels[at + 1] = 0;
      pixels[at + 2] = left ? 0 : 255;
      if (alpha) pixels[at + 3] = 128;
    }
  }
  return sharp(pixels, { raw: { width, height, channels } }).toFormat(format).toBuffer();
}

export async function animatedGif(width: number, height: number, frames: string[]): Promise<Buffer> {
  const images = await Promise.all(frames.map((background) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer()));
  return sharp(images, { join: { animated: true } }).gif({ delay: frames.map(() => 100), loop: 0 }).toBuffer();
}

/** An uncompressed 24-bit BMP, bottom-up, every pixel `pixel(x, y)`. */
export function bmp24(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(54 + stride * height, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  const body = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const row = (height - 1 - y) * stride;
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      body[row + x * 3] = b;
      body[row + x * 3 + 1] = g;
      body[row + x * 3 + 2] = r;
    }
  }
  return Buffer.concat([header, body]);
}

/** A 1-bit BMP with a two-colour palette, top-down (negative height). */
export function bmp1TopDown(width: number, height: number, on: (x: number, y: number) => boolean, colors: [Rgba, Rgba]): Buffer {
  const stride = Math.ceil(width / 32) * 4;
  const header = Buffer.alloc(54 + 8);
  header.write('BM', 0, 'ascii');
  header.writeUInt32LE(62 + stride * height, 2);
  header.writeUInt32LE(62, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(-height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(1, 28);
  colors.forEach(([r, g, b], i) => {
    header[54 + i * 4] = b;
    header[54 + i * 4 + 1] = g;
    header[54 + i * 4 + 2] = r;
  });
  const body = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) if (on(x, y)) body[y * stride + (x >> 3)]! |= 0x80 >> (x & 7);
  }
  return Buffer.concat([header, body]);
}

function icoContainer(width: number, height: number, bits: number, image: Buffer): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header[6] = width >= 256 ? 0 : width;
  header[7] = height >= 256 ? 0 : height;
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(bits, 12);
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

export function icoWithPng(png: Buffer, width: number, height: number): Buffer {
  return icoContainer(width, height, 32, png);
}

/** A 32-bit icon bitmap: its colour rows (bottom-up, with alpha) then an all-clear AND mask. */
export function icoWith32BitBitmap(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(width, 4);
  info.writeInt32LE(height * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  const colour = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    const row = (height - 1 - y) * width * 4;
    for (let x = 0; x < width; x += 1) {
      const [r, g, b, a] = pixel(x, y);
      colour.set([b, g, r, a], row + x * 4);
    }
  }
  const mask = Buffer.alloc(Math.ceil(width / 32) * 4 * height);
  return icoContainer(width, height, 32, Buffer.concat([info, colour, mask]));
}

export const SVG_DRAWING = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');

/** The RGBA of one pixel of an encoded picture. */
export async function pixelAt(bytes: Buffer, x: number, y: number): Promise<Rgba> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
}

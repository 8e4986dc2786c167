import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE_MESSAGE, SVG_NOT_SUPPORTED_MESSAGE } from '../../../shared/contract/platform-media';
import { NOT_AN_IMAGE_FILE_MESSAGE } from '../../../shared/rules/image-upload';
import { processImage, type ProcessedImage } from './image-processing';
import {
  animatedGif,
  bmp1TopDown,
  bmp24,
  icoWith32BitBitmap,
  icoWithPng,
  pixelAt,
  SVG_DRAWING,
  twoTone,
} from './testing/image-fixtures';

// Real sharp on pictures made here: the sizes of every file, the 1024 fit, the circle's
// transparent corners, the social card's 400 width, and what is refused.

const fileOf = (image: ProcessedImage, crop: string) => {
  const file = image.files.find((f) => f.crop === crop);
  if (!file) throw new Error(`no ${crop} file`);
  return file;
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error('expected a refusal');
  return error.message;
}

describe('processImage for a block', () => {
  it('shrinks a large picture to fit 1024×1024 and makes every crop at its preset size', async () => {
    const image = await processImage(await twoTone(2400, 1200, 'png'), 'block');
    const sizes = Object.fromEntries(image.files.map((f) => [f.crop, [f.width, f.height, f.format]]));
    expect(sizes).toEqual({
      original: [1024, 512, 'png'],
      square: [600, 600, 'png'],
      horizontalRectangle: [800, 600, 'png'],
      verticalRectangle: [600, 800, 'png'],
      circle: [600, 600, 'png'],
    });
    for (const file of image.files) {
      const meta = await sharp(file.bytes).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([file.width, file.height, file.format]);
    }
    expect(image.variants).toEqual({
      original: 'original',
      circle: 'circle',
      square: 'square',
      horizontalRectangle: 'horizontalRectangle',
      verticalRectangle: 'verticalRectangle',
    });
  });

  it('fits a tall picture by its height and keeps its left-to-right order', async () => {
    const image = await processImage(await twoTone(600, 3000, 'jpeg'), 'block');
    const original = fileOf(image, 'original');
    expect([original.width, original.height, original.format]).toEqual([205, 1024, 'jpeg']);
    const [r, , b] = await pixelAt(original.bytes, 5, 500);
    expect(r).toBeGreaterThan(200);
    expect(b).toBeLessThan(60);
  });

  it('never enlarges the original, while the crops keep their preset sizes', async () => {
    const image = await processImage(await twoTone(300, 200, 'jpeg'), 'block');
    expect([fileOf(image, 'original').width, fileOf(image, 'original').height]).toEqual([300, 200]);
    expect([fileOf(image, 'square').width, fileOf(image, 'square').height, fileOf(image, 'square').format]).toEqual([600, 600, 'jpeg']);
  });

  it('cuts the circle as a PNG with transparent corners and an opaque middle', async () => {
    const image = await processImage(await twoTone(900, 900, 'jpeg'), 'block');
    const circle = fileOf(image, 'circle');
    expect(circle.format).toBe('png');
    expect((await sharp(circle.bytes).metadata()).hasAlpha).toBe(true);
    for (const [x, y] of [
      [0, 0],
      [599, 0],
      [0, 599],
      [599, 599],
      [40, 40],
    ] as const) {
      expect((await pixelAt(circle.bytes, x, y))[3], `corner ${x},${y}`).toBe(0);
    }
    expect((await pixelAt(circle.bytes, 300, 300))[3]).toBe(255);
    expect((await pixelAt(circle.bytes, 300, 5))[3]).toBe(255);
  });

  it('writes formats email clients show: WebP with transparency becomes PNG, without it JPEG', async () => {
    const clear = await processImage(await twoTone(64, 64, 'webp', true), 'block');
    expect(fileOf(clear, 'original').format).toBe('png');
    expect((await pixelAt(fileOf(clear, 'original').bytes, 10, 10))[3]).toBeLessThan(255);
    const opaque = await processImage(await twoTone(64, 64, 'tiff'), 'block');
    expect(fileOf(opaque, 'original').format).toBe('jpeg');
    const avif = await processImage(await twoTone(64, 48, 'avif'), 'block');
    expect([fileOf(avif, 'original').width, fileOf(avif, 'original').height]).toEqual([64, 48]);
  });

  it('keeps a GIF animated in the original and the rectangular crops', async () => {
    const image = await processImage(await animatedGif(1200, 600, ['red', 'blue', 'green']), 'block');
    const original = fileOf(image, 'original');
    expect([original.format, original.width, original.height]).toEqual(['gif', 1024, 512]);
    expect((await sharp(original.bytes).metadata()).pages).toBe(3);
    const square = fileOf(image, 'square');
    expect([square.format, square.width, square.height]).toEqual(['gif', 600, 600]);
    expect((await sharp(square.bytes).metadata()).pages).toBe(3);
    expect(fileOf(image, 'circle').format).toBe('png');
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored 200×100 with orientation 6 (rotate 90° clockwise to view): it shows 100×200.
    const rotated = await sharp(await twoTone(200, 100, 'jpeg')).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const original = fileOf(await processImage(rotated, 'block'), 'original');
    expect([original.width, original.height]).toEqual([100, 200]);
  });
});

describe('processImage for the social card', () => {
  it('resizes the card image to 400 wide, larger or smaller, as one file every crop names', async () => {
    const large = await processImage(await twoTone(1600, 900, 'jpeg'), 'social');
    expect(large.files.map((f) => [f.crop, f.width, f.height])).toEqual([['original', 400, 225]]);
    expect(new Set(Object.values(large.variants))).toEqual(new Set(['original']));
    const small = await processImage(await twoTone(200, 100, 'png'), 'social');
    expect(small.files.map((f) => [f.width, f.height])).toEqual([[400, 200]]);
  });
});

describe('BMP and ICO, which sharp cannot read by itself', () => {
  it('reads a 24-bit BMP, keeping its colours where they were', async () => {
    const bytes = bmp24(40, 20, (x) => (x < 20 ? [255, 0, 0] : [0, 0, 255]));
    const image = await processImage(bytes, 'block');
    const original = fileOf(image, 'original');
    expect([original.format, original.width, original.height]).toEqual(['jpeg', 40, 20]);
    const left = await pixelAt(original.bytes, 2, 10);
    const right = await pixelAt(original.bytes, 37, 10);
    expect(left[0]).toBeGreaterThan(200);
    expect(right[2]).toBeGreaterThan(200);
  });

  it('reads a top-down 1-bit BMP through its palette', async () => {
    const bytes = bmp1TopDown(16, 8, (_x, y) => y < 4, [
      [0, 0, 0, 255],
      [0, 255, 0, 255],
    ]);
    const original = fileOf(await processImage(bytes, 'block'), 'original');
    expect((await pixelAt(original.bytes, 8, 1))[1]).toBeGreaterThan(200);
    expect((await pixelAt(original.bytes, 8, 6))[1]).toBeLessThan(60);
  });

  it('reads an icon holding a PNG, and one holding a 32-bit bitmap, keeping transparency', async () => {
    const png = await twoTone(32, 32, 'png', true);
    const fromPng = fileOf(await processImage(icoWithPng(png, 32, 32), 'block'), 'original');
    expect([fromPng.format, fromPng.width, fromPng.height]).toEqual(['png', 32, 32]);
    const bitmap = icoWith32BitBitmap(16, 16, (x) => (x < 8 ? [255, 0, 0, 255] : [0, 0, 0, 0]));
    const fromBitmap = fileOf(await processImage(bitmap, 'block'), 'original');
    expect(fromBitmap.format).toBe('png');
    expect(await pixelAt(fromBitmap.bytes, 2, 2)).toEqual([255, 0, 0, 255]);
    expect((await pixelAt(fromBitmap.bytes, 13, 2))[3]).toBe(0);
  });

  it('refuses a damaged bitmap with a plain message', async () => {
    const truncated = bmp24(40, 20, () => [1, 2, 3]).subarray(0, 200);
    expect(await refusal(processImage(truncated, 'block'))).toBe('This bitmap image is damaged or incomplete.');
  });
});

describe('what is refused', () => {
  it('refuses SVG by its content, whatever the file was called', async () => {
    expect(await refusal(processImage(SVG_DRAWING, 'block'))).toBe(SVG_NOT_SUPPORTED_MESSAGE);
    expect(await refusal(processImage(Buffer.from(`\uFEFF  ${SVG_DRAWING.toString()}`), 'social'))).toBe(SVG_NOT_SUPPORTED_MESSAGE);
  });

  it('refuses text, unknown bytes and an empty file as not an image', async () => {
    expect(await refusal(processImage(Buffer.from('<html><body>hi</body></html>'), 'block'))).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
    expect(await refusal(processImage(Buffer.from('just some words'), 'block'))).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
    expect(await refusal(processImage(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'block'))).toBe(NOT_AN_IMAGE_FILE_MESSAGE);
    expect(await refusal(processImage(Buffer.alloc(0), 'block'))).toBe('This file is empty.');
  });

  it('refuses a damaged PNG with one plain sentence', async () => {
    const png = await twoTone(400, 400, 'png');
    expect(await refusal(processImage(png.subarray(0, png.length - 200), 'block'))).toMatch(/^This image could not be read\./);
  });

  it('refuses a file over 10 MB before decoding it', async () => {
    expect(await refusal(processImage(Buffer.alloc(10 * 1024 * 1024 + 1), 'block'))).toBe(IMAGE_TOO_LARGE_MESSAGE);
  });
});

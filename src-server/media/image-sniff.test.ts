import { describe, expect, it } from 'vitest';
import {
  AVIF_HEADER,
  BMP_HEADER,
  GIF_HEADER,
  HEIC_HEADER,
  ICO_HEADER,
  JPEG_HEADER,
  PNG_3X2,
  SVG_DRAWING,
  TIFF_HEADER,
  WEBP_LOSSLESS_HEADER,
} from '../testing/image-fixtures';
import { formatOfContentType, imageSize, isSvgContentType, looksLikeSvg, sniffFormats } from './image-sniff';

describe('sniffFormats and imageSize', () => {
  it.each([
    ['png', PNG_3X2, { width: 3, height: 2 }],
    ['jpeg', JPEG_HEADER, { width: 640, height: 480 }],
    ['gif', GIF_HEADER, { width: 16, height: 32 }],
    ['webp', WEBP_LOSSLESS_HEADER, { width: 5, height: 7 }],
    ['bmp', BMP_HEADER, { width: 9, height: 4 }],
    ['ico', ICO_HEADER, { width: 256, height: 256 }],
    ['tiff', TIFF_HEADER, null],
  ] as const)('knows %s by its first bytes', (format, bytes, size) => {
    expect(sniffFormats(bytes)).toEqual([format]);
    expect(imageSize(format, bytes)).toEqual(size);
  });

  it('tells AVIF and HEIF apart by their brands, allowing both when a file claims both', () => {
    expect(sniffFormats(AVIF_HEADER)).toEqual(['avif', 'heif']);
    expect(sniffFormats(HEIC_HEADER)).toEqual(['heif']);
  });

  it('knows nothing of text, SVG or a truncated header', () => {
    expect(sniffFormats(Buffer.from('hello'))).toEqual([]);
    expect(sniffFormats(SVG_DRAWING)).toEqual([]);
    expect(sniffFormats(PNG_3X2.subarray(0, 4))).toEqual([]);
    expect(imageSize('png', PNG_3X2.subarray(0, 18))).toBeNull();
  });
});

describe('SVG and content types', () => {
  it('spots SVG by its text, after a byte-order mark or blank lines', () => {
    expect(looksLikeSvg(SVG_DRAWING)).toBe(true);
    expect(looksLikeSvg(Buffer.from('\uFEFF\n  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(looksLikeSvg(PNG_3X2)).toBe(false);
    expect(isSvgContentType('image/svg+xml; charset=utf-8')).toBe(true);
  });

  it('reads aliases and parameters, and refuses what is not an accepted image type', () => {
    expect(formatOfContentType('IMAGE/JPG; charset=binary')).toBe('jpeg');
    expect(formatOfContentType('image/vnd.microsoft.icon')).toBe('ico');
    expect(formatOfContentType('image/heic')).toBe('heif');
    expect(formatOfContentType('image/svg+xml')).toBeNull();
    expect(formatOfContentType('application/octet-stream')).toBeNull();
    expect(formatOfContentType(null)).toBeNull();
  });
});

// Images for the media tests: a real PNG (3×2 pixels, RGB, made with zlib and checked with
// `file`), and headers of the other formats, which is all that sniffing reads.

export const PNG_3X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAFUlEQVR4nGP4z8DAAMH//4PohoYGAEfPB3vT+rJCAAAAAElFTkSuQmCC',
  'base64',
);

export const SVG_DRAWING = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><script>alert(1)</script></svg>',
);

const bytes = (...values: (number | string)[]) =>
  Buffer.concat(values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))));

/** SOI, an APP0 segment to skip, then a baseline frame of 640×480. */
export const JPEG_HEADER = bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0, 0, 0, 0);
export const GIF_HEADER = bytes('GIF89a', 0x10, 0x00, 0x20, 0x00, 0, 0, 0);
/** Lossless WebP of 5×7: 14-bit width-1 and height-1 after the 0x2f signature. */
export const WEBP_LOSSLESS_HEADER = (() => {
  const head = bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8L', 0, 0, 0, 0, 0x2f);
  const bits = Buffer.alloc(4);
  bits.writeUInt32LE((5 - 1) | ((7 - 1) << 14));
  return Buffer.concat([head, bits]);
})();
export const BMP_HEADER = (() => {
  const header = Buffer.alloc(30);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(9, 18);
  header.writeInt32LE(-4, 22); // top-down
  return header;
})();
export const ICO_HEADER = bytes(0, 0, 1, 0, 1, 0, 0, 0, 0, 0);
export const TIFF_HEADER = bytes('II*', 0, 8, 0, 0, 0);
export const AVIF_HEADER = bytes(0, 0, 0, 0x1c, 'ftypavif', 0, 0, 0, 0, 'avifmif1miaf');
export const HEIC_HEADER = bytes(0, 0, 0, 0x18, 'ftypheic', 0, 0, 0, 0, 'mif1heic');

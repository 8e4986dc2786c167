import sharp from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, SVG_NOT_SUPPORTED_MESSAGE } from '../../../shared/contract/platform-media';
import { AppError } from '../../../shared/contract/errors';
import { CROP_OPTIONS, CROP_PRESETS, type CropOption } from '../../../shared/model/enums';
import { IMAGE_FIT_PX, NOT_AN_IMAGE_FILE_MESSAGE, SOCIAL_IMAGE_WIDTH_PX } from '../../../shared/rules/image-upload';
import { BitmapDecodeError, decodeBmp, decodeIco, isBmp, isIco, type RawImage } from './decode-bitmap';

// Turns the bytes of a picked file into the files the letter uses (spec 1 §5, spec 2 §3):
// the original shrunk to fit 1024×1024, and from it the crop presets — square 600×600,
// horizontal 800×600, vertical 600×800 and a circle 600×600 (a PNG whose corners are
// transparent). The social card's image is one file, 400 wide. Files are written in a
// format every email client shows: JPEG, PNG or GIF (an animated GIF or WebP stays animated).

export type ImagePurpose = 'block' | 'social';
export type OutputFormat = 'jpeg' | 'png' | 'gif';

export interface ProcessedFile {
  /** The crop this file is, or 'original' (also the social card's image). */
  crop: CropOption;
  bytes: Buffer;
  format: OutputFormat;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** The original (the shrunk upload, or the social card's image) comes first. */
  files: ProcessedFile[];
  /** Which file shows each crop. */
  variants: Record<CropOption, CropOption>;
}

export const OUTPUT_TYPES: Record<OutputFormat, { extension: string; contentType: string }> = {
  jpeg: { extension: 'jpg', contentType: 'image/jpeg' },
  png: { extension: 'png', contentType: 'image/png' },
  gif: { extension: 'gif', contentType: 'image/gif' },
};

/** Formats sharp names that the spec accepts (AVIF is read as 'heif'). BMP and ICO are decoded by hand. */
const SHARP_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'heif', 'tiff']);
/** A decoded picture larger than this is refused before any pixels are read (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 100_000_000;
const JPEG_QUALITY = 85;

const refuse = (message: string) => new AppError('invalid_input', message);
const UNREADABLE_MESSAGE =
  'This image could not be read. It may be damaged, or saved in a format this app cannot open (such as HEIC); please save it as JPEG or PNG.';

interface Source {
  /** A fresh pipeline over the decoded picture, turned upright. */
  open(options?: { animated?: boolean }): Sharp;
  animated: boolean;
  format: OutputFormat;
}

export async function processImage(bytes: Buffer, purpose: ImagePurpose): Promise<ProcessedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw refuse(IMAGE_TOO_LARGE_MESSAGE);
  if (bytes.length === 0) throw refuse('This file is empty.');
  try {
    const source = await openSource(bytes);
    const original = await encode(fitOriginal(source.open({ animated: source.animated }), purpose), source.format, 'original');
    if (purpose === 'social') {
      return { files: [original], variants: Object.fromEntries(CROP_OPTIONS.map((crop) => [crop, 'original'])) as ProcessedImage['variants'] };
    }
    // Crops are made from the shrunk original, as a later re-crop would be.
    const shrunk = await openSource(original.bytes);
    const crops = await Promise.all(
      CROP_OPTIONS.filter((crop) => crop !== 'original').map((crop) => makeCrop(shrunk, crop)),
    );
    return {
      files: [original, ...crops],
      variants: Object.fromEntries(CROP_OPTIONS.map((crop) => [crop, crop])) as ProcessedImage['variants'],
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof BitmapDecodeError) throw refuse(error.message);
    // sharp's own messages name libvips internals; the editor reads one plain sentence.
    throw refuse(UNREADABLE_MESSAGE);
  }
}

/** Decodes just enough to know what the bytes are, refusing SVG, text and unknown formats. */
async function openSource(bytes: Buffer): Promise<Source> {
  if (looksLikeMarkup(bytes)) throw refuse(isSvgMarkup(bytes) ? SVG_NOT_SUPPORTED_MESSAGE : NOT_AN_IMAGE_FILE_MESSAGE);
  if (isBmp(bytes)) return rawSource(decodeBmp(bytes));
  if (isIco(bytes)) {
    const icon = decodeIco(bytes);
    // Icons are logos: their transparency is kept.
    return 'png' in icon ? sharpSource(icon.png, 'png') : rawSource(icon, 'png');
  }
  return sharpSource(bytes, null);
}

async function sharpSource(bytes: Buffer, forced: OutputFormat | null): Promise<Source> {
  const base: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, base).metadata();
  } catch {
    throw refuse(NOT_AN_IMAGE_FILE_MESSAGE);
  }
  if (metadata.format === 'svg') throw refuse(SVG_NOT_SUPPORTED_MESSAGE);
  if (!SHARP_FORMATS.has(metadata.format)) throw refuse(NOT_AN_IMAGE_FILE_MESSAGE);
  const { width, height } = metadata;
  if (!width || !height) throw refuse(UNREADABLE_MESSAGE);
  if (width * (metadata.pageHeight ?? height) > MAX_INPUT_PIXELS) throw refuse('This image is too large to read.');
  const animated = (metadata.pages ?? 1) > 1 && (metadata.format === 'gif' || metadata.format === 'webp');
  const format: OutputFormat =
    forced ?? (metadata.format === 'jpeg' ? 'jpeg' : metadata.format === 'png' ? 'png' : animated || metadata.format === 'gif' ? 'gif' : metadata.hasAlpha ? 'png' : 'jpeg');
  return {
    animated,
    format,
    open: (options = {}) => sharp(bytes, { ...base, animated: options.animated ?? false }).autoOrient(),
  };
}

function rawSource(image: RawImage, forced?: OutputFormat): Source {
  let opaque = true;
  for (let i = 3; i < image.data.length; i += 4) {
    if (image.data[i] !== 255) {
      opaque = false;
      break;
    }
  }
  return {
    animated: false,
    format: forced ?? (opaque ? 'jpeg' : 'png'),
    open: () => sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }),
  };
}

function fitOriginal(pipeline: Sharp, purpose: ImagePurpose): Sharp {
  return purpose === 'social'
    ? pipeline.resize({ width: SOCIAL_IMAGE_WIDTH_PX })
    : pipeline.resize({ width: IMAGE_FIT_PX, height: IMAGE_FIT_PX, fit: 'inside', withoutEnlargement: true });
}

async function makeCrop(source: Source, crop: Exclude<CropOption, 'original'>): Promise<ProcessedFile> {
  const preset = CROP_PRESETS[crop]!;
  // A circle is a PNG: its corners must be transparent, which JPEG cannot be and GIF only crudely.
  const circle = preset.radiusPercent > 0;
  const animated = source.animated && !circle;
  const pipeline = source.open({ animated }).resize(preset.width, preset.height, {
    fit: 'cover',
    // Smart crop keeps the interesting part in frame; libvips cannot do it across animation frames.
    position: animated ? 'centre' : sharp.strategy.attention,
  });
  if (!circle) return encode(pipeline, source.format, crop);
  const covered = await pipeline.ensureAlpha().png().toBuffer();
  const rx = (preset.width * preset.radiusPercent) / 100;
  const ry = (preset.height * preset.radiusPercent) / 100;
  const mask = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${preset.width}" height="${preset.height}">` +
      `<rect width="${preset.width}" height="${preset.height}" rx="${rx}" ry="${ry}" fill="#fff"/></svg>`,
  );
  return encode(sharp(covered).composite([{ input: mask, blend: 'dest-in' }]), 'png', crop);
}

async function encode(pipeline: Sharp, format: OutputFormat, crop: CropOption): Promise<ProcessedFile> {
  const encoded =
    format === 'jpeg'
      ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      : format === 'png'
        ? pipeline.png({ adaptiveFiltering: true })
        : pipeline.gif();
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return { crop, bytes: data, format, width: info.width, height: info.pageHeight ?? info.height };
}

/** Text, not a picture: starts with '<' once a byte-order mark and blank space are skipped. */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 512).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return head.startsWith('<');
}

function isSvgMarkup(bytes: Buffer): boolean {
  return /<svg[\s>/]/i.test(bytes.subarray(0, 4096).toString('utf8'));
}

import path from 'node:path';
import { CROP_OPTIONS, type CropOption } from '../../../shared/model/enums';

// How a picked image is shown before (or instead of) the platform's copy: a path on the
// page's own origin, `/local-images/<imageId>/<crop>.<ext>`, which the browser host and
// Electron's app:// protocol both answer from the core's images folder. A relative path
// works in both hosts, and in the preview's srcdoc frame, which resolves it against the
// page. Kept free of disk access so the hosts' refusal rules are unit-tested here.

export const LOCAL_IMAGE_PREFIX = '/local-images/';

const EXTENSIONS = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;
type Extension = keyof typeof EXTENSIONS;

/** 128 random bits in hex: also the folder name, so nothing else can be named. */
const IMAGE_ID = /^[0-9a-f]{32}$/;
const LOCAL_PATH = new RegExp(
  `^${LOCAL_IMAGE_PREFIX}([0-9a-f]{32})/(${CROP_OPTIONS.join('|')})\\.(${Object.keys(EXTENSIONS).join('|')})$`,
);

export function isImageId(value: string): boolean {
  return IMAGE_ID.test(value);
}

/** The images folder inside the core's data folder. */
export function localImagesDir(dataDir: string): string {
  return path.join(dataDir, 'images');
}

export function localImageUrl(imageId: string, crop: CropOption, extension: string): string {
  return `${LOCAL_IMAGE_PREFIX}${imageId}/${crop}.${extension}`;
}

/** Where a file lives, relative to the images folder. */
export function localImageFileName(imageId: string, crop: CropOption, extension: string): string {
  return path.join(imageId, `${crop}.${extension}`);
}

/**
 * The file behind a request path (the URL's path, not decoded: an encoded character never
 * names one of our files), or null. Only names this module makes are answered, so no
 * request reaches anything outside the images folder.
 */
export function resolveLocalImage(requestPath: string, imagesDir: string): { file: string; contentType: string } | null {
  const match = LOCAL_PATH.exec(requestPath.split(/[?#]/)[0]!);
  if (!match) return null;
  const [, imageId, crop, extension] = match as unknown as [string, string, CropOption, Extension];
  return { file: path.join(path.resolve(imagesDir), localImageFileName(imageId, crop, extension)), contentType: EXTENSIONS[extension] };
}

export function isLocalImageUrl(url: string): boolean {
  return url.startsWith(LOCAL_IMAGE_PREFIX);
}

/** Stored files never change (a new pick makes a new image id), so the page may keep them. */
export const LOCAL_IMAGE_CACHE_CONTROL = 'private, max-age=31536000, immutable';

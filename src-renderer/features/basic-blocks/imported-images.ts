import type { ImportedImage } from '../../../shared/contract/bridge';
import type { CropOption } from '../../../shared/model';
import { cropVariant } from '../../../shared/rules/image-settings';

// Crops of the images imported in this session, by the URL of their original. A block stores
// only its original and its current crop, so changing the crop later looks the other crops
// up here.

const imported = new Map<string, ImportedImage>();

export function rememberImportedImage(image: ImportedImage) {
  imported.set(image.url, image);
}

/** The URL of `crop` of the image whose original is at `originalSrc`; null when its crops are not known here. */
export function croppedUrl(originalSrc: string, crop: CropOption): string | null {
  if (crop === 'original' && originalSrc) return originalSrc;
  return imported.get(originalSrc)?.variants[cropVariant(crop)] ?? null;
}

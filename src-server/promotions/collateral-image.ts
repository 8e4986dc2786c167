import sharp from 'sharp';
import { collateralImageSizeMessage } from '../../shared/rules/promotions';
import { HttpError, invalidData } from '../http/errors';
import type { FetchGuard } from '../integrations/guarded-fetch';
import type { ImageStorage } from '../integrations/image-storage';
import { isImageKey } from '../integrations/image-storage';
import { fetchImage } from '../media/fetch-image';

// Collateral names its image by address (usually one of our /media/ copies), so the size
// check happens when the collateral is saved: the ad type sells a slot of one exact size,
// and an image of another size would be squeezed or cropped in every letter it runs in.

export interface CollateralImageDeps {
  storage: ImageStorage | null;
  allowHttp: boolean;
  guard: FetchGuard;
}

const OWN_MEDIA = /^\/media\/([^/]+)$/;

async function ownCopy(storage: ImageStorage | null, address: string): Promise<Buffer | null> {
  let pathname: string;
  try {
    pathname = new URL(address).pathname;
  } catch {
    return null;
  }
  const key = OWN_MEDIA.exec(pathname)?.[1];
  if (!storage || !key || !isImageKey(key)) return null;
  const stored = await storage.open(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function imageBytes(deps: CollateralImageDeps, address: string): Promise<Buffer> {
  const own = await ownCopy(deps.storage, address);
  if (own) return own;
  try {
    return (await fetchImage(address, { allowHttp: deps.allowHttp, guard: deps.guard })).bytes;
  } catch (error) {
    // The fetch names its refusals for an upload's `url`; here the field is the image.
    if (error instanceof HttpError && error.statusCode === 422) throw invalidData({ image: [error.message] });
    throw error;
  }
}

/** Refuses (422 on `image`) an image that is not the ad type's size; no image passes. */
export async function checkCollateralImage(
  deps: CollateralImageDeps,
  address: string,
  required: { imageWidth: number; imageHeight: number },
): Promise<void> {
  if (address.trim() === '') return;
  await checkCollateralImageBytes(await imageBytes(deps, address.trim()), required);
}

/** The same check on an image's bytes, for an image sent with the collateral as a file. */
export async function checkCollateralImageBytes(bytes: Buffer, required: { imageWidth: number; imageHeight: number }): Promise<void> {
  let size: { width: number; height: number };
  try {
    const meta = await sharp(bytes).metadata();
    size = { width: meta.autoOrient.width, height: meta.autoOrient.height };
  } catch {
    throw invalidData({ image: ['The image could not be read.'] });
  }
  if (size.width !== required.imageWidth || size.height !== required.imageHeight) {
    throw invalidData({ image: [collateralImageSizeMessage(required, size)] });
  }
}

import type { Db } from '../db/database';
import { newImageKey } from '../integrations/image-storage';
import type { ImageStorage } from '../integrations/image-storage';
import type { FetchedImage } from './fetch-image';
import { insertImage } from './image-records';
import { IMAGE_FORMATS } from './image-sniff';

// Keeping an accepted image: its bytes in image storage under a new key and its `images`
// row (which the public /media/{key} route serves from), for a letter or for collateral.

export interface ImageOwner {
  tenantId: number;
  organizationId: number;
  channelId: number;
  /** null: not added to a letter (collateral's image). */
  letterId: number | null;
  userId: number;
}

/** `originalUrl` is where it came from. Answers the row's id and the key. */
export async function storeImage(db: Db, storage: ImageStorage, owner: ImageOwner, image: FetchedImage, originalUrl: string): Promise<{ id: number; storageKey: string }> {
  const storageKey = newImageKey(IMAGE_FORMATS[image.format].extension);
  await storage.put(storageKey, image.bytes);
  try {
    const { id } = await insertImage(db, {
      tenantId: owner.tenantId,
      organizationId: owner.organizationId,
      channelId: owner.channelId,
      letterId: owner.letterId,
      uploadedByUserId: owner.userId,
      originalUrl,
      contentType: image.contentType,
      byteSize: image.bytes.byteLength,
      width: image.size?.width ?? null,
      height: image.size?.height ?? null,
      storageKey,
    });
    return { id, storageKey };
  } catch (error) {
    // No row, no image: a file nothing points at would never be served or cleaned up.
    await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

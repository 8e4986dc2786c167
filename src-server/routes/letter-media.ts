import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Db } from '../db/database';
import type { ChannelRow, UserRow } from '../db/schema';
import { channelBySlugs } from '../http/access';
import { currentUser } from '../http/authentication';
import { HttpError, notFound } from '../http/errors';
import type { ImageStorage } from '../integrations/image-storage';
import { LETTER_NOT_FOUND_MESSAGE, findLetter, type LetterRecord } from '../letters/letter-records';
import type { FetchedImage } from '../media/fetch-image';
import { storeImage } from '../media/store-image';
import { idParam, parseParams } from './route-params';

// What the two ways of giving a letter an image (upload-from-url and upload) share: whose
// letter it is, keeping the image with its row, and the public address of the copy.

export const LetterMediaParams = z.object({ brand: z.string().min(1), channel: z.string().min(1), letterId: idParam });

export interface LetterMediaTarget {
  user: UserRow;
  channel: ChannelRow;
  letter: LetterRecord;
}

/**
 * The caller, the channel and the letter of the route's path. Access is decided before
 * anything else, so an outsider learns nothing and makes the platform fetch or store nothing.
 */
export async function letterMediaTarget(db: Db, request: FastifyRequest): Promise<LetterMediaTarget> {
  const user = currentUser(request);
  const params = parseParams(LetterMediaParams, request.params);
  const { channel } = await channelBySlugs(db, user.id, params.brand, params.channel);
  const letter = await findLetter(db, channel.id, params.letterId);
  if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  return { user, channel, letter };
}

/** The storage, or 503 on a platform that keeps no images. */
export function requireImageStorage(storage: ImageStorage | null): ImageStorage {
  if (!storage) throw new HttpError(503, 'Image uploads are not configured on this platform.');
  return storage;
}

/**
 * Keeps an accepted image for the letter: its bytes under a new key and its row.
 * `originalUrl` is where it came from. Answers the row's id and the key.
 */
export async function storeLetterImage(
  db: Db,
  storage: ImageStorage,
  { user, channel, letter }: LetterMediaTarget,
  image: FetchedImage,
  originalUrl: string,
): Promise<{ id: number; storageKey: string }> {
  const owner = { tenantId: channel.tenantId, organizationId: channel.organizationId, channelId: channel.id, letterId: letter.id, userId: user.id };
  return storeImage(db, storage, owner, image, originalUrl);
}

/**
 * The platform's own address for a stored image, as the caller reached it. Emails need an
 * absolute URL; a configured public address belongs with sending, where one is needed anyway.
 */
export function publicMediaUrl(request: FastifyRequest, storageKey: string): string {
  return `${request.protocol}://${request.host}${platformPaths.media(storageKey)}`;
}

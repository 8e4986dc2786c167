import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { UploadFromUrlRequestSchema, UploadFromUrlResponseSchema } from '../../shared/contract/platform-media';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { isImageKey, newImageKey } from '../integrations/image-storage';
import type { ImageStorage } from '../integrations/image-storage';
import { LETTER_NOT_FOUND_MESSAGE, findLetter } from '../letters/letter-records';
import { fetchImage } from '../media/fetch-image';
import { mediaUploadRoutes } from './media-upload';
import { imageByKey, insertImage } from '../media/image-records';
import { IMAGE_FORMATS } from '../media/image-sniff';
import { idParam, parseParams, routePattern } from './route-params';

// POST .../letters/{letterId}/media/upload-from-url (spec 1 §7) copies an external image
// into the platform's storage; GET /media/{key} serves the copy. That one is public and
// outside /api because emails and shared pages link to it; its keys are 128 random bits,
// so knowing one image's address tells nothing about another's. Resizing to the spec's
// presets needs sharp and comes with that work.

export interface MediaRouteOptions {
  db: Db;
  /** null: the platform keeps no images, uploads answer 503. */
  storage: ImageStorage | null;
  /** Fetch plain http addresses too (tests' loopback servers); https only otherwise. */
  allowHttp: boolean;
}

const UploadParams = z.object({ brand: z.string().min(1), channel: z.string().min(1), letterId: idParam });
const MediaParams = z.object({ key: z.string() });

const NO_IMAGE = 'There is no such image.';
/** Stored images never change (a new upload gets a new key), so caches may keep them. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, { db, storage, allowHttp }) => {
  // Files sent from the desktop app, in their own plugin: it reads raw image bodies.
  await app.register(mediaUploadRoutes, { db, storage });

  const uploadSchema = routeDocs({
    summary: 'Copy an external image into the platform (https, 10 MB, no SVG)',
    params: UploadParams,
    body: UploadFromUrlRequestSchema,
    response: { 201: UploadFromUrlResponseSchema },
  });
  const uploadPath = routePattern(platformPaths.uploadFromUrl(':brand', ':channel', 1), { 1: ':letterId' });

  app.post(uploadPath, { schema: uploadSchema }, async (request, reply) => {
    const user = currentUser(request);
    const params = parseParams(UploadParams, request.params);
    // Access before anything else: an outsider learns nothing and makes the platform fetch nothing.
    const { channel } = await channelBySlugs(db, user.id, params.brand, params.channel);
    const letter = await findLetter(db, channel.id, params.letterId);
    if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    const { url } = parseInput(UploadFromUrlRequestSchema, request.body);
    if (!storage) throw new HttpError(503, 'Image uploads are not configured on this platform.');

    const image = await fetchImage(url, { allowHttp });
    const storageKey = newImageKey(IMAGE_FORMATS[image.format].extension);
    await storage.put(storageKey, image.bytes);
    let id: number;
    try {
      ({ id } = await insertImage(db, {
        tenantId: channel.tenantId,
        organizationId: channel.organizationId,
        channelId: channel.id,
        letterId: letter.id,
        uploadedByUserId: user.id,
        originalUrl: url,
        contentType: image.contentType,
        byteSize: image.bytes.byteLength,
        width: image.size?.width ?? null,
        height: image.size?.height ?? null,
        storageKey,
      }));
    } catch (error) {
      // No row, no image: a file nothing points at would never be served or cleaned up.
      await storage.remove(storageKey).catch(() => undefined);
      throw error;
    }
    return sendAs(reply, UploadFromUrlResponseSchema, { id, url: publicUrl(request, storageKey), originalUrl: url }, 201);
  });

  const serveSchema = routeDocs({ summary: 'A stored image (public, cached for a year)', params: MediaParams });
  app.get(routePattern(platformPaths.media(':key')), { config: { public: true }, schema: serveSchema }, async (request, reply) => {
    const { key } = MediaParams.parse(request.params);
    // Only keys the platform made, and only those it has a row for: nothing else on disk is reachable.
    if (!storage || !isImageKey(key)) throw notFound(NO_IMAGE);
    const row = await imageByKey(db, key);
    const stored = row ? await storage.open(key) : null;
    if (!row || !stored) throw notFound(NO_IMAGE);
    return reply
      .header('content-type', row.contentType)
      .header('content-length', stored.byteSize)
      .header('cache-control', CACHE_FOREVER)
      .header('x-content-type-options', 'nosniff')
      .send(stored.stream);
  });
};

/**
 * The platform's own address as the caller reached it. Emails need an absolute URL; a
 * configured public address belongs with sending, where one is needed anyway.
 */
function publicUrl(request: FastifyRequest, storageKey: string): string {
  return `${request.protocol}://${request.host}${platformPaths.media(storageKey)}`;
}

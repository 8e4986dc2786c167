import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { UploadFromUrlRequestSchema, UploadFromUrlResponseSchema } from '../../shared/contract/platform-media';
import type { Db } from '../db/database';
import { otherAnswer, routeDocs } from '../http/api-docs';
import { notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { isImageKey } from '../integrations/image-storage';
import type { ImageStorage } from '../integrations/image-storage';
import { fetchImage } from '../media/fetch-image';
import { imageByKey } from '../media/image-records';
import { LetterMediaParams, letterMediaTarget, publicMediaUrl, requireImageStorage, storeLetterImage } from './letter-media';
import { mediaUploadRoutes } from './media-upload';
import { routePattern } from './route-params';

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
  /** Which addresses the platform may fetch from (ALLOW_PRIVATE_FETCH). */
  guard: FetchGuard;
}

const MediaParams = z.object({ key: z.string() });

const NO_IMAGE = 'There is no such image.';
/** Stored images never change (a new upload gets a new key), so caches may keep them. */
const CACHE_FOREVER = 'public, max-age=31536000, immutable';

export const mediaRoutes: FastifyPluginAsync<MediaRouteOptions> = async (app, { db, storage, allowHttp, guard }) => {
  // Files sent from the desktop app, in their own plugin: it reads raw image bodies.
  await app.register(mediaUploadRoutes, { db, storage });

  const uploadSchema = routeDocs({
    summary: 'Copy an external image into the platform (https, 10 MB, no SVG)',
    params: LetterMediaParams,
    body: UploadFromUrlRequestSchema,
    response: { 201: UploadFromUrlResponseSchema },
    serviceErrors: { 502: 'The server holding the image failed to give it', 503: 'The platform keeps no images (no image storage configured)' },
  });
  const uploadPath = routePattern(platformPaths.uploadFromUrl(':brand', ':channel', 1), { 1: ':letterId' });

  app.post(uploadPath, { schema: uploadSchema }, async (request, reply) => {
    const target = await letterMediaTarget(db, request);
    const { url } = parseInput(UploadFromUrlRequestSchema, request.body);
    const store = requireImageStorage(storage);
    const image = await fetchImage(url, { allowHttp, guard });
    const { id, storageKey } = await storeLetterImage(db, store, target, image, url);
    return sendAs(reply, UploadFromUrlResponseSchema, { id, url: publicMediaUrl(request, storageKey), originalUrl: url }, 201);
  });

  const serveSchema = routeDocs({ summary: 'A stored image (public, cached for a year)', params: MediaParams, response: { 200: otherAnswer('The image, as it was stored', 'image/*') } });
  (serveSchema.response as Record<string, unknown>)[302] = { type: 'null', description: "Redirect to the image in the public bucket (Location), when the platform's S3 storage has S3_PUBLIC_URL" };
  app.get(routePattern(platformPaths.media(':key')), { config: { public: true }, schema: serveSchema }, async (request, reply) => {
    const { key } = MediaParams.parse(request.params);
    // Only keys the platform made, and only those it has a row for: nothing else on disk is reachable.
    if (!storage || !isImageKey(key)) throw notFound(NO_IMAGE);
    const row = await imageByKey(db, key);
    const direct = row ? storage.publicUrl?.(key) : null;
    if (direct) return reply.header('cache-control', CACHE_FOREVER).redirect(direct, 302);
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

import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  UPLOAD_FILE_NAME_PARAM,
  UploadImageResponseSchema,
} from '../../shared/contract/platform-media';
import { NOT_AN_IMAGE_FILE_MESSAGE } from '../../shared/rules/image-upload';
import type { Db } from '../db/database';
import { routeDocs } from '../http/api-docs';
import { HttpError, errorHandler } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import type { ImageStorage } from '../integrations/image-storage';
import type { FetchedImage } from '../media/fetch-image';
import { acceptImageBytes } from '../media/accept-image';
import { LetterMediaParams, letterMediaTarget, publicMediaUrl, requireImageStorage, storeLetterImage } from './letter-media';
import { routePattern } from './route-params';

// POST .../letters/{letterId}/media/upload: an image file from the desktop app, which has
// already shrunk and cropped it (the body is the file's bytes, its type the image's). The
// platform checks it as it checks upload-from-url (spec 1 §5: no SVG, the listed formats
// only, 10 MB) and keeps it in the same storage, served publicly by GET /media/{key}.

export interface MediaUploadRouteOptions {
  db: Db;
  /** null: the platform keeps no images, uploads answer 503. */
  storage: ImageStorage | null;
}

const UploadQuery = z.object({
  [UPLOAD_FILE_NAME_PARAM]: z.string().max(255, 'The file name may not be greater than 255 characters.').optional(),
});

const refused = (message: string) => new HttpError(422, message, { file: [message] });

export const mediaUploadRoutes: FastifyPluginAsync<MediaUploadRouteOptions> = async (app, { db, storage }) => {
  // Scoped to this plugin: only the upload route reads raw image bodies.
  app.addContentTypeParser(/^image\/[^;\s]+/i, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return errorHandler(refused(IMAGE_TOO_LARGE_MESSAGE), request, reply);
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return errorHandler(refused(NOT_AN_IMAGE_FILE_MESSAGE), request, reply);
    return errorHandler(error, request, reply);
  });

  const schema = routeDocs({
    summary: 'Store an image file sent as the request body (its image content type, 10 MB, no SVG)',
    params: LetterMediaParams,
    querystring: UploadQuery,
    body: { content: { 'image/*': { schema: { type: 'string', format: 'binary' } } } },
    response: { 201: UploadImageResponseSchema },
    serviceErrors: { 503: 'The platform keeps no images (no image storage configured)' },
  });
  const path = routePattern(platformPaths.uploadMedia(':brand', ':channel', 1), { 1: ':letterId' });

  app.post(path, { schema }, async (request, reply) => {
    const target = await letterMediaTarget(db, request);
    const query = parseInput(UploadQuery, request.query);
    const image = checkImage(request);
    // Where the image came from: for an upload, the name of the file on the editor's computer.
    const originalUrl = query[UPLOAD_FILE_NAME_PARAM] ?? '';
    const { id, storageKey } = await storeLetterImage(db, requireImageStorage(storage), target, image, originalUrl);
    const { width, height } = image.size ?? { width: null, height: null };
    return sendAs(reply, UploadImageResponseSchema, { id, url: publicMediaUrl(request, storageKey), width, height }, 201);
  });
};

/** The body as an accepted image: its declared type and its bytes must both say so (the bytes decide the format). */
function checkImage(request: FastifyRequest): FetchedImage {
  return acceptImageBytes(request.headers['content-type'] ?? null, request.body, 'file');
}

import type { EmitEvent, ImportedImage } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, SVG_NOT_SUPPORTED_MESSAGE } from '../../../shared/contract/platform-media';
import { isSvgFile } from '../../../shared/rules/image-upload';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { LocalDb } from '../store/open-store';
import { processImage, type ImagePurpose } from './image-processing';
import { PlatformError } from '../platform/platform-client';
import { createImageStore } from './image-store';
import { createImageUploader } from './image-uploader';
import { copyImageFromUrl, downloadPlatformImage, platformMediaKey } from './image-upload-client';
import { localImagesDir } from './local-image-url';

// The core's image work in one place: an imported file is processed (image-processing.ts),
// kept on this computer (image-store.ts) and queued for the platform (image-uploader.ts).
// Online, the import waits a moment for the upload so the letter gets the platform's
// URLs at once; offline it answers the local ones and the queue catches up later.
// An image from a web address (or one this computer never imported, to re-crop it) is
// copied by the platform (upload-from-url, whose guarded fetcher refuses private addresses),
// read back from the platform and then imported like a picked file, so it has every crop.

/** How long an import waits for its upload before answering with this computer's URLs. */
const IMPORT_UPLOAD_WAIT_MS = 5_000;
const LETTER_NOT_FOUND_MESSAGE = 'Eep. It doesn’t look like this letter exists.';
export const IMAGE_FROM_URL_OFFLINE_MESSAGE = 'Images from a web address need a connection to the platform.';
export const LETTER_NOT_ON_PLATFORM_MESSAGE = 'This letter has not reached the platform yet. Try again once it is saved there.';

export interface ImageServiceOptions {
  db: LocalDb;
  dataDir: string;
  letters: LettersStore;
  session: SessionService;
  platformUrl: string;
  emit: EmitEvent;
  /** A letter was saved locally (its image URLs replaced): sync pushes it. */
  letterSaved: () => Promise<void>;
  log: (message: string, detail?: unknown) => void;
  /** Tests shorten the wait. */
  importUploadWaitMs?: number;
}

export interface ImportInput {
  letterUniqueId: string;
  fileName: string;
  mimeType: string;
  dataBase64: string;
  purpose: ImagePurpose;
}

export interface ImportFromUrlInput {
  letterUniqueId: string;
  url: string;
  purpose: ImagePurpose;
}

/** A name for the image's row: the last part of the address's path, or 'image'. */
function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).at(-1);
    return last ? decodeURIComponent(last).slice(0, 255) : 'image';
  } catch {
    return 'image';
  }
}

export function createImageService(options: ImageServiceOptions) {
  const images = createImageStore(options.db, localImagesDir(options.dataDir));
  const uploader = createImageUploader({ ...options, images });
  const waitMs = options.importUploadWaitMs ?? IMPORT_UPLOAD_WAIT_MS;

  /** Processes, stores and queues an image's bytes, waiting a moment for the upload. */
  async function keep(letterUniqueId: string, purpose: ImagePurpose, fileName: string, bytes: Buffer): Promise<ImportedImage> {
    const processed = await processImage(bytes, purpose);
    const added = await images.add({ letterUniqueId, purpose, fileName: fileName.slice(0, 255), processed, now: new Date().toISOString() });
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      uploader.run(),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, waitMs);
      }),
    ]).finally(() => clearTimeout(timeout));
    return (await images.get(added.imageId)) ?? added;
  }

  return {
    images,
    uploader,

    async importImage(input: ImportInput): Promise<ImportedImage> {
      // The spec refuses SVG by its type or its name, before looking at the bytes.
      if (isSvgFile(input.fileName, input.mimeType)) throw new AppError('invalid_input', SVG_NOT_SUPPORTED_MESSAGE);
      if (input.dataBase64.length > Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 4) throw new AppError('invalid_input', IMAGE_TOO_LARGE_MESSAGE);
      const letter = await options.letters.getByUniqueId(input.letterUniqueId);
      if (!letter) throw new AppError('not_found', LETTER_NOT_FOUND_MESSAGE);
      return keep(letter.uniqueId, input.purpose, input.fileName, Buffer.from(input.dataBase64, 'base64'));
    },

    /**
     * An image by its web address: known here already (imported on this computer), it is
     * answered as it is; otherwise the platform copies it (skipped for the platform's own
     * images) and the copy is imported like a picked file. Needs the platform.
     */
    async importFromUrl(input: ImportFromUrlInput): Promise<ImportedImage> {
      const known = await images.findByUrl(input.url);
      if (known) return known;
      const letter = await options.letters.getByUniqueId(input.letterUniqueId);
      if (!letter) throw new AppError('not_found', LETTER_NOT_FOUND_MESSAGE);
      if (!(await options.session.ensureSignedIn().catch(() => false))) throw new AppError('offline', IMAGE_FROM_URL_OFFLINE_MESSAGE);
      if (letter.id === null) throw new AppError('offline', LETTER_NOT_ON_PLATFORM_MESSAGE);
      let bytes: Buffer;
      try {
        let key = platformMediaKey(input.url, options.platformUrl);
        if (key === null) {
          const copy = await copyImageFromUrl(options.platformUrl, options.session.getToken(), {
            brandSlug: letter.brandSlug,
            channelSlug: letter.channelSlug,
            letterId: letter.id,
            url: input.url,
          });
          key = platformMediaKey(copy.url, options.platformUrl) ?? copy.url.split('/').at(-1)!;
        }
        bytes = await downloadPlatformImage(options.platformUrl, key);
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (error.kind === 'network') throw new AppError('offline', IMAGE_FROM_URL_OFFLINE_MESSAGE);
        if (error.isUnauthorized) {
          await options.session.signedOutByPlatform();
          throw new AppError('unauthorized', 'Sign in to the platform first.');
        }
        if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
        if (error.status === 404) throw new AppError('not_found', error.message);
        throw new AppError('platform_error', error.message);
      }
      return keep(letter.uniqueId, input.purpose, fileNameOf(input.url), bytes);
    },

    start() {
      uploader.start();
    },
    stop: () => uploader.stop(),
  };
}

export type ImageService = ReturnType<typeof createImageService>;

import type { EmitEvent, ImportedImage } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, SVG_NOT_SUPPORTED_MESSAGE } from '../../../shared/contract/platform-media';
import { isSvgFile } from '../../../shared/rules/image-upload';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { LocalDb } from '../store/open-store';
import { processImage, type ImagePurpose } from './image-processing';
import { createImageStore } from './image-store';
import { createImageUploader } from './image-uploader';
import { localImagesDir } from './local-image-url';

// The core's image work in one place: an imported file is processed (image-processing.ts),
// kept on this computer (image-store.ts) and queued for the platform (image-uploader.ts).
// Online, the import waits a moment for the upload so the letter gets the platform's
// URLs at once; offline it answers the local ones and the queue catches up later.

/** How long an import waits for its upload before answering with this computer's URLs. */
const IMPORT_UPLOAD_WAIT_MS = 5_000;
const LETTER_NOT_FOUND_MESSAGE = 'Eep. It doesn’t look like this letter exists.';

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

export function createImageService(options: ImageServiceOptions) {
  const images = createImageStore(options.db, localImagesDir(options.dataDir));
  const uploader = createImageUploader({ ...options, images });
  const waitMs = options.importUploadWaitMs ?? IMPORT_UPLOAD_WAIT_MS;

  return {
    images,
    uploader,

    async importImage(input: ImportInput): Promise<ImportedImage> {
      // The spec refuses SVG by its type or its name, before looking at the bytes.
      if (isSvgFile(input.fileName, input.mimeType)) throw new AppError('invalid_input', SVG_NOT_SUPPORTED_MESSAGE);
      if (input.dataBase64.length > Math.ceil(IMAGE_MAX_BYTES / 3) * 4 + 4) throw new AppError('invalid_input', IMAGE_TOO_LARGE_MESSAGE);
      const letter = await options.letters.getByUniqueId(input.letterUniqueId);
      if (!letter) throw new AppError('not_found', LETTER_NOT_FOUND_MESSAGE);
      const processed = await processImage(Buffer.from(input.dataBase64, 'base64'), input.purpose);
      const added = await images.add({
        letterUniqueId: letter.uniqueId,
        purpose: input.purpose,
        fileName: input.fileName.slice(0, 255),
        processed,
        now: new Date().toISOString(),
      });
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        uploader.run(),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, waitMs);
        }),
      ]).finally(() => clearTimeout(timeout));
      return (await images.get(added.imageId)) ?? added;
    },

    start() {
      uploader.start();
    },
    stop: () => uploader.stop(),
  };
}

export type ImageService = ReturnType<typeof createImageService>;

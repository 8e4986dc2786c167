import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type Selectable } from 'kysely';
import type { ImportedImage } from '../../../shared/contract/bridge';
import { CROP_OPTIONS, type CropOption } from '../../../shared/model/enums';
import { cropVariant } from '../../../shared/rules/image-settings';
import type { LocalDb } from '../store/open-store';
import { OUTPUT_TYPES, type ImagePurpose, type ProcessedImage } from './image-processing';
import { localImageFileName, localImageUrl, resolveLocalImage } from './local-image-url';

// The images the editor picked, on this computer: their files under the core's images
// folder and a row per file in SQLite, which is also the upload queue (a file without a
// remote_url still has to reach the platform). The tables are typed here, through
// `withTables`, so the image work carries its own schema (migration 0003-images).

export interface ImagesTable {
  image_id: string;
  letter_unique_id: string;
  purpose: ImagePurpose;
  file_name: string;
  /** JSON: crop → the crop whose file shows it (the social card's one file shows them all). */
  variants: string;
  created_at: string;
}

export interface ImageFilesTable {
  image_id: string;
  crop: CropOption;
  extension: string;
  content_type: string;
  width: number;
  height: number;
  /** The platform's URL once uploaded; null while queued. */
  remote_url: string | null;
  attempts: number;
  last_error: string | null;
  /** ISO time before which the file is not tried again (backoff); null: at once. */
  next_attempt_at: string | null;
  /** 1 when the platform refused it for good; the local copy keeps showing. */
  refused: number;
}

export type ImageFileRow = Selectable<ImageFilesTable>;
type ImageRow = Selectable<ImagesTable>;

export interface QueuedFile extends ImageFileRow {
  letter_unique_id: string;
  file_name: string;
}

function imagesDb(db: LocalDb) {
  return db.withTables<{ images: ImagesTable; image_files: ImageFilesTable }>();
}

export const urlOfFile = (file: Pick<ImageFileRow, 'image_id' | 'crop' | 'extension' | 'remote_url'>) =>
  file.remote_url ?? localImageUrl(file.image_id, file.crop, file.extension);

export const localUrlOfFile = (file: Pick<ImageFileRow, 'image_id' | 'crop' | 'extension'>) =>
  localImageUrl(file.image_id, file.crop, file.extension);

/** What the renderer is told about an image: the platform's URLs where it has them. */
function importedImage(image: ImageRow, files: ImageFileRow[]): ImportedImage {
  const byCrop = new Map(files.map((file) => [file.crop, file]));
  const variants = JSON.parse(image.variants) as Record<CropOption, CropOption>;
  const original = byCrop.get('original')!;
  return {
    imageId: image.image_id,
    width: original.width,
    height: original.height,
    url: urlOfFile(original),
    variants: Object.fromEntries(CROP_OPTIONS.map((crop) => [cropVariant(crop), urlOfFile(byCrop.get(variants[crop])!)])) as ImportedImage['variants'],
    uploaded: files.every((file) => file.remote_url !== null),
  };
}

async function writeDurably(file: string, bytes: Uint8Array) {
  const handle = await fs.open(file, 'wx');
  try {
    await handle.writeFile(bytes);
    // The letter will name this file as soon as the import answers; it must survive a power cut too.
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createImageStore(db: LocalDb, imagesDir: string) {
  const tables = imagesDb(db);

  async function filesOf(imageId: string): Promise<ImageFileRow[]> {
    return tables.selectFrom('image_files').selectAll().where('image_id', '=', imageId).execute();
  }

  return {
    imagesDir,

    /** Writes the files, then their rows: a row never names a file that is not on disk. */
    async add(input: { letterUniqueId: string; purpose: ImagePurpose; fileName: string; processed: ProcessedImage; now: string }): Promise<ImportedImage> {
      const imageId = randomBytes(16).toString('hex');
      const folder = path.join(imagesDir, imageId);
      await fs.mkdir(folder, { recursive: true });
      try {
        for (const file of input.processed.files) {
          await writeDurably(path.join(imagesDir, localImageFileName(imageId, file.crop, OUTPUT_TYPES[file.format].extension)), file.bytes);
        }
        await tables.transaction().execute(async (trx) => {
          await trx
            .insertInto('images')
            .values({
              image_id: imageId,
              letter_unique_id: input.letterUniqueId,
              purpose: input.purpose,
              file_name: input.fileName,
              variants: JSON.stringify(input.processed.variants),
              created_at: input.now,
            })
            .execute();
          await trx
            .insertInto('image_files')
            .values(
              input.processed.files.map((file) => ({
                image_id: imageId,
                crop: file.crop,
                extension: OUTPUT_TYPES[file.format].extension,
                content_type: OUTPUT_TYPES[file.format].contentType,
                width: file.width,
                height: file.height,
                remote_url: null,
                attempts: 0,
                last_error: null,
                next_attempt_at: null,
                refused: 0,
              })),
            )
            .execute();
        });
      } catch (error) {
        await fs.rm(folder, { recursive: true, force: true });
        throw error;
      }
      return (await this.get(imageId))!;
    },

    async get(imageId: string): Promise<ImportedImage | null> {
      const image = await tables.selectFrom('images').selectAll().where('image_id', '=', imageId).executeTakeFirst();
      if (!image) return null;
      return importedImage(image, await filesOf(imageId));
    },

    /** The image one of whose files is at `url` (this computer's or the platform's address). */
    async findByUrl(url: string): Promise<ImportedImage | null> {
      const local = resolveLocalImage(url, imagesDir);
      const imageId = local
        ? path.basename(path.dirname(local.file))
        : (await tables.selectFrom('image_files').select('image_id').where('remote_url', '=', url).executeTakeFirst())?.image_id;
      return imageId ? this.get(imageId) : null;
    },

    /** Files still to upload whose backoff has passed, oldest image first. */
    async due(now: string, limit: number): Promise<QueuedFile[]> {
      return tables
        .selectFrom('image_files')
        .innerJoin('images', 'images.image_id', 'image_files.image_id')
        .selectAll('image_files')
        .select(['images.letter_unique_id', 'images.file_name'])
        .where('image_files.remote_url', 'is', null)
        .where('image_files.refused', '=', 0)
        .where((eb) => eb.or([eb('image_files.next_attempt_at', 'is', null), eb('image_files.next_attempt_at', '<=', now)]))
        .orderBy('images.created_at')
        .orderBy('image_files.image_id')
        .limit(limit)
        .execute();
    },

    /** The earliest time a waiting file may be tried ('' for at once), or null when nothing waits. */
    async nextAttemptAt(): Promise<string | null> {
      const row = await tables
        .selectFrom('image_files')
        .select(sql<string | null>`min(coalesce(next_attempt_at, ''))`.as('next'))
        .where('remote_url', 'is', null)
        .where('refused', '=', 0)
        .executeTakeFirst();
      return row?.next ?? null;
    },

    async pendingCount(): Promise<number> {
      const { n } = await tables
        .selectFrom('image_files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('remote_url', 'is', null)
        .where('refused', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    async readFile(file: Pick<ImageFileRow, 'image_id' | 'crop' | 'extension'>): Promise<Buffer> {
      return fs.readFile(path.join(imagesDir, localImageFileName(file.image_id, file.crop, file.extension)));
    },

    async markUploaded(file: Pick<ImageFileRow, 'image_id' | 'crop'>, remoteUrl: string) {
      await tables
        .updateTable('image_files')
        .set({ remote_url: remoteUrl, last_error: null, next_attempt_at: null })
        .where('image_id', '=', file.image_id)
        .where('crop', '=', file.crop)
        .execute();
    },

    async markFailed(file: Pick<ImageFileRow, 'image_id' | 'crop'>, message: string, retryAt: string | null) {
      await tables
        .updateTable('image_files')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: message,
          next_attempt_at: retryAt,
          refused: retryAt === null ? 1 : 0,
        }))
        .where('image_id', '=', file.image_id)
        .where('crop', '=', file.crop)
        .execute();
    },

    /** Every file of the image has reached the platform: this computer's URL → the platform's. */
    async uploadedUrls(imageId: string): Promise<Record<string, string> | null> {
      const files = await filesOf(imageId);
      if (files.length === 0 || files.some((file) => file.remote_url === null)) return null;
      return Object.fromEntries(files.map((file) => [localUrlOfFile(file), file.remote_url!]));
    },

    async ownerOf(imageId: string): Promise<string | null> {
      const row = await tables.selectFrom('images').select('letter_unique_id').where('image_id', '=', imageId).executeTakeFirst();
      return row?.letter_unique_id ?? null;
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

import type { Generated, Selectable } from 'kysely';
import type { Db } from '../db/database';

// The `images` table (migration 0005), typed here through `withTables` so this module
// carries its own table and db/schema.ts stays as it is.

export interface ImagesTable {
  id: Generated<number>;
  tenantId: number;
  organizationId: number;
  channelId: number;
  letterId: number | null;
  uploadedByUserId: number | null;
  originalUrl: string;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  storageKey: string;
  createdAt: Generated<Date>;
}

export type ImageRow = Selectable<ImagesTable>;

export function imagesDb(db: Db) {
  return db.withTables<{ images: ImagesTable }>();
}

export interface NewImage {
  tenantId: number;
  organizationId: number;
  channelId: number;
  letterId: number | null;
  uploadedByUserId: number;
  originalUrl: string;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
  storageKey: string;
}

export async function insertImage(db: Db, image: NewImage): Promise<{ id: number }> {
  return imagesDb(db).insertInto('images').values(image).returning('id').executeTakeFirstOrThrow();
}

/** What the public route needs to serve a key. */
export async function imageByKey(db: Db, storageKey: string): Promise<Pick<ImageRow, 'contentType' | 'byteSize'> | null> {
  const row = await imagesDb(db)
    .selectFrom('images')
    .select(['contentType', 'byteSize'])
    .where('storageKey', '=', storageKey)
    .executeTakeFirst();
  return row ?? null;
}

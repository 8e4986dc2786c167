import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesDb } from '../../media/image-records';
import type { NewImage } from '../../media/image-records';
import { insertLetter } from '../../testing/audience-fixtures';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { createAccount } from '../accounts';
import { createDb } from '../database';
import type { Db } from '../database';
import { migrateToLatest } from '../migrate';

let database: TestDatabase;
let db: Db;
let ours: NewImage;
let theirChannel: { id: number; organizationId: number; tenantId: number };

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 2 });
  await migrateToLatest(db);
  const channelOf = async (brandSlug: string, email: string) => {
    await createAccount(db, { tenantName: brandSlug, brandSlug, channelSlug: 'weekly', email, password: 'password-1' });
    const row = await db
      .selectFrom('channels')
      .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
      .select(['channels.id', 'channels.organizationId', 'channels.tenantId'])
      .where('organizations.slug', '=', brandSlug)
      .where('channels.slug', '=', 'weekly')
      .executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    return { ...row, userId: user.id };
  };
  const mine = await channelOf('mine', 'me@mine.test');
  const { userId: _theirUser, ...theirs } = await channelOf('theirs', 'them@theirs.test');
  theirChannel = theirs;
  const letterId = await insertLetter(db, { channelId: mine.id });
  ours = {
    tenantId: mine.tenantId,
    organizationId: mine.organizationId,
    channelId: mine.id,
    letterId,
    uploadedByUserId: mine.userId,
    originalUrl: 'https://images.example/a.png',
    contentType: 'image/png',
    byteSize: 78,
    width: 3,
    height: 2,
    storageKey: `${'a'.repeat(32)}.png`,
  };
});
afterAll(async () => {
  await db?.destroy();
  await database?.destroy();
});

describe('migration 0005-images', () => {
  it('keeps an image row that names one tenant, brand and channel', async () => {
    await imagesDb(db).insertInto('images').values(ours).execute();
    const row = await imagesDb(db).selectFrom('images').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...ours, width: 3 });
    expect(row.createdAt).toBeInstanceOf(Date);
  });

  it("refuses a row whose channel belongs to another brand or tenant, or a repeated key", async () => {
    const insert = (image: NewImage) => imagesDb(db).insertInto('images').values(image).execute();
    await expect(insert({ ...ours, storageKey: `${'b'.repeat(32)}.png`, channelId: theirChannel.id })).rejects.toThrow(/foreign key/);
    await expect(
      insert({ ...ours, storageKey: `${'c'.repeat(32)}.png`, organizationId: theirChannel.organizationId, channelId: theirChannel.id }),
    ).rejects.toThrow(/foreign key/);
    await expect(insert(ours)).rejects.toThrow(/images_storage_key_key/);
    await expect(insert({ ...ours, storageKey: `${'d'.repeat(32)}.png`, byteSize: 0 })).rejects.toThrow(/check constraint/);
  });
});

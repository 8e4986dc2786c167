import { sql, type Kysely, type Migration } from 'kysely';
import { letterPlainText } from '../../../shared/model/letter-text';

// Numbered migrations of the desktop cache, in code so a bundled app carries them.
// Append only: a migration that has shipped is never edited.

export const localMigrations: Record<string, Migration> = {
  '0001-letters-outbox-kv': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('letters')
        .addColumn('unique_id', 'text', (c) => c.primaryKey())
        .addColumn('id', 'integer', (c) => c.unique())
        .addColumn('brand_slug', 'text', (c) => c.notNull())
        .addColumn('channel_slug', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('publication_status', 'integer', (c) => c.notNull())
        .addColumn('publication_date', 'text')
        .addColumn('segment_name', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('dirty', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sync_error', 'text')
        .execute();
      await db.schema
        .createIndex('letters_by_channel')
        .on('letters')
        .columns(['brand_slug', 'channel_slug', 'updated_at'])
        .execute();
      await db.schema
        .createTable('outbox')
        .addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('letter_unique_id', 'text', (c) => c.notNull().references('letters.unique_id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await db.schema.createIndex('outbox_by_letter').on('outbox').column('letter_unique_id').execute();
      await db.schema
        .createTable('kv')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002-letters-search': {
    // Full-text search over titles and the letters' words; kept in step by the store in
    // the same transaction as each letter write.
    async up(db: Kysely<unknown>) {
      await sql`create virtual table letters_fts using fts5(title, content, unique_id unindexed, tokenize = 'unicode61 remove_diacritics 2')`.execute(db);
      const rows = await sql<{ unique_id: string; body: string }>`select unique_id, body from letters`.execute(db);
      for (const row of rows.rows) {
        const letter = JSON.parse(row.body) as { title: string; subtitle: string; blocks: string };
        await sql`insert into letters_fts (title, content, unique_id) values (${letter.title}, ${letterPlainText(letter)}, ${row.unique_id})`.execute(db);
      }
    },
  },
  '0003-images': {
    // Images the editor picked (images/image-store.ts): each one's files sit on disk under
    // images/<imageId>/; a file's row is also its place in the upload queue until it holds
    // the platform's URL.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('images')
        .addColumn('image_id', 'text', (c) => c.primaryKey())
        .addColumn('letter_unique_id', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('variants', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('images_by_letter').on('images').column('letter_unique_id').execute();
      await db.schema
        .createTable('image_files')
        .addColumn('image_id', 'text', (c) => c.notNull().references('images.image_id').onDelete('cascade'))
        .addColumn('crop', 'text', (c) => c.notNull())
        .addColumn('extension', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('remote_url', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text')
        .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('image_files_pk', ['image_id', 'crop'])
        .execute();
      await db.schema.createIndex('image_files_by_remote_url').on('image_files').column('remote_url').execute();
    },
  },
  '0004-report-cache': {
    // Edition reports as last seen (report-cache.ts), so a report opens offline. One row per
    // part of a letter's report (its cards, a page of user activity), keyed by what was asked.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('report_cache')
        .addColumn('brand_slug', 'text', (c) => c.notNull())
        .addColumn('channel_slug', 'text', (c) => c.notNull())
        .addColumn('letter_id', 'integer', (c) => c.notNull())
        .addColumn('part', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('report_cache_pk', ['brand_slug', 'channel_slug', 'letter_id', 'part'])
        .execute();
    },
  },
  '0005-dashboard-cache': {
    // The last metrics dashboard seen per scope, period and channel filter
    // (dashboard-cache.ts), so a dashboard opens offline.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('dashboard_cache')
        .addColumn('cache_key', 'text', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('fetched_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0006-letter-versions': {
    // The versions of each letter this computer saved (issue 35's history, store/letter-versions.ts):
    // its blocks and styles at each local save that changed them, thinned like the platform's.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('letter_versions')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('letter_unique_id', 'text', (c) => c.notNull())
        .addColumn('saved_at', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('letter_versions_by_letter').on('letter_versions').columns(['letter_unique_id', 'id']).execute();
    },
  },
};

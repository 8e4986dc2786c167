import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Curation data (spec 3 §3): a channel's feeds with what polling needs (validators for
// conditional requests, the next due time with backoff, a lease so one instance reads a
// feed at a time), the aggregates read from them (one per article address in a channel),
// and tags and categories. Company tags are the tags of the tenant's 'company' channel.

const upStatements = [
  `CREATE TABLE feeds (
    id serial PRIMARY KEY,
    channel_id integer NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    unique_id text NOT NULL UNIQUE,
    url text NOT NULL,
    title text NOT NULL DEFAULT '',
    etag text,
    last_modified text,
    next_fetch_at timestamptz NOT NULL DEFAULT now(),
    failures integer NOT NULL DEFAULT 0,
    last_error text,
    last_fetched_at timestamptz,
    fetching_until timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (channel_id, url)
  )`,
  `CREATE INDEX feeds_due ON feeds (next_fetch_at)`,
  `CREATE TABLE aggregates (
    id serial PRIMARY KEY,
    channel_id integer NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    feed_id integer REFERENCES feeds(id) ON DELETE SET NULL,
    title text NOT NULL,
    author text NOT NULL DEFAULT '',
    excerpt text NOT NULL DEFAULT '',
    content text NOT NULL DEFAULT '',
    image text NOT NULL DEFAULT '',
    original_url text NOT NULL,
    publication_date timestamptz,
    site_name text NOT NULL DEFAULT '',
    curated boolean NOT NULL DEFAULT false,
    curated_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (channel_id, original_url)
  )`,
  `CREATE INDEX aggregates_channel_date ON aggregates (channel_id, publication_date DESC NULLS LAST, id DESC)`,
  `CREATE TABLE curation_tags (
    id serial PRIMARY KEY,
    channel_id integer NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (channel_id, name)
  )`,
  `CREATE TABLE curation_categories (
    id serial PRIMARY KEY,
    channel_id integer NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    name text NOT NULL,
    UNIQUE (channel_id, name)
  )`,
  `CREATE TABLE aggregate_tags (
    aggregate_id integer NOT NULL REFERENCES aggregates(id) ON DELETE CASCADE,
    tag_id integer NOT NULL REFERENCES curation_tags(id) ON DELETE CASCADE,
    PRIMARY KEY (aggregate_id, tag_id)
  )`,
  `CREATE TABLE aggregate_categories (
    aggregate_id integer NOT NULL REFERENCES aggregates(id) ON DELETE CASCADE,
    category_id integer NOT NULL REFERENCES curation_categories(id) ON DELETE CASCADE,
    PRIMARY KEY (aggregate_id, category_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS aggregate_categories, aggregate_tags, curation_categories, curation_tags, aggregates, feeds').execute(db);
}

import type { Generated } from 'kysely';

// Feeds, the items they bring (aggregates) and how editors tag and categorize them.

/** A channel's feed and its polling state (migration 0020-curation). */
export interface FeedsTable {
  id: Generated<number>;
  channelId: number;
  uniqueId: string;
  url: string;
  title: Generated<string>;
  etag: string | null;
  lastModified: string | null;
  nextFetchAt: Generated<Date>;
  failures: Generated<number>;
  lastError: string | null;
  lastFetchedAt: Date | null;
  fetchingUntil: Date | null;
  createdAt: Generated<Date>;
}

export interface AggregatesTable {
  id: Generated<number>;
  channelId: number;
  feedId: number | null;
  title: string;
  author: Generated<string>;
  excerpt: Generated<string>;
  content: Generated<string>;
  image: Generated<string>;
  originalUrl: string;
  publicationDate: Date | null;
  siteName: Generated<string>;
  curated: Generated<boolean>;
  curatedAt: Date | null;
  createdAt: Generated<Date>;
}

export interface CurationTagsTable {
  id: Generated<number>;
  channelId: number;
  name: string;
  createdAt: Generated<Date>;
}

export interface CurationCategoriesTable {
  id: Generated<number>;
  channelId: number;
  name: string;
}

export interface AggregateTagsTable {
  aggregateId: number;
  tagId: number;
}

export interface AggregateCategoriesTable {
  aggregateId: number;
  categoryId: number;
}

/** These tables, as members of `Database`. */
export interface CurationTables {
  feeds: FeedsTable;
  aggregates: AggregatesTable;
  curationTags: CurationTagsTable;
  curationCategories: CurationCategoriesTable;
  aggregateTags: AggregateTagsTable;
  aggregateCategories: AggregateCategoriesTable;
}

import type { Generated } from 'kysely';

// The desktop cache's tables. A letter row keeps the whole Letter as JSON (`body`) plus the
// columns lists and sync need, so a list never parses bodies.

export interface LettersTable {
  unique_id: string;
  /** The platform's id, null until the letter first reaches the platform. */
  id: number | null;
  brand_slug: string;
  channel_slug: string;
  title: string;
  publication_status: number;
  publication_date: string | null;
  segment_name: string | null;
  /** The platform version this copy is based on (0 before the first push). */
  version: number;
  updated_at: string;
  body: string;
  /** 1 while local edits have not reached the platform. */
  dirty: number;
  /** The platform's message when a push was refused for good; the local copy is kept. */
  sync_error: string | null;
}

export type OutboxKind = 'create' | 'save';

export interface OutboxTable {
  seq: Generated<number>;
  letter_unique_id: string;
  kind: OutboxKind;
  created_at: string;
  /** Set while a push of this entry is under way; later edits then queue a new entry. */
  started_at: string | null;
  attempts: number;
  last_error: string | null;
}

export interface KvTable {
  key: string;
  value: string;
}

/** FTS5 index of each letter's title and words (see letterPlainText). */
export interface LettersFtsTable {
  title: string;
  content: string;
  unique_id: string;
}

/** A part of a letter's report as the platform last gave it (see report-cache.ts). */
export interface ReportCacheTable {
  brand_slug: string;
  channel_slug: string;
  /** The letter's platform id. */
  letter_id: number;
  /** Which part: 'report', or 'activity:' and the query of a page of user activity. */
  part: string;
  /** The part as JSON. */
  body: string;
  fetched_at: string;
}

/** A metrics dashboard as the platform last gave it (see dashboard-cache.ts). */
export interface DashboardCacheTable {
  /** Scope, slugs, period and the sorted channel filter. */
  cache_key: string;
  /** The dashboard as JSON. */
  body: string;
  fetched_at: string;
}

/** A version of a letter saved on this computer (issue 35); `content` is VersionContent JSON. */
export interface LetterVersionsTable {
  id: Generated<number>;
  letter_unique_id: string;
  saved_at: string;
  fingerprint: string;
  content: string;
}

export interface LocalDatabase {
  letters: LettersTable;
  letters_fts: LettersFtsTable;
  outbox: OutboxTable;
  kv: KvTable;
  report_cache: ReportCacheTable;
  dashboard_cache: DashboardCacheTable;
  letter_versions: LetterVersionsTable;
}

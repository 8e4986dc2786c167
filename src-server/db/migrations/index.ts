import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';

// Every migration, by name, in code rather than read from disk, so a bundled server still
// has them. Names sort in the order they run; add new ones at the end, never rename.
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
};

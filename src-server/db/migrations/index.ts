import type { Migration } from 'kysely';
import * as foundation from './0001-foundation';
import * as letterLifecycle from './0002-letter-lifecycle';
import * as audienceFlags from './0003-audience-flags';

// Every migration, by name, in code rather than read from disk, so a bundled server still
// has them. Names sort in the order they run; add new ones at the end, never rename.
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-letter-lifecycle': letterLifecycle,
  '0003-audience-flags': audienceFlags,
};

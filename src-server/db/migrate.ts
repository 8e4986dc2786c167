import { Migrator, sql } from 'kysely';
import type { Db } from './database';
import { migrations } from './migrations';

/**
 * Session-level advisory lock key for schema changes ("LDMG"). Several server instances
 * may start against one database at once; the first migrates, the others wait on this
 * lock and then find nothing left to do.
 */
export const MIGRATION_LOCK_KEY = 0x4c444d47;

export interface MigrateResult {
  /** Names of the migrations this call applied (empty when the schema was current). */
  applied: string[];
}

export async function migrateToLatest(db: Db): Promise<MigrateResult> {
  // One connection for lock, migrations and unlock: an advisory lock belongs to the
  // session that took it, so a pooled query could unlock on the wrong connection.
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    try {
      const migrator = new Migrator({
        db: connection,
        provider: { getMigrations: async () => migrations },
      });
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((result) => result.status === 'Error')?.migrationName;
        const which = failed ? `Database migration ${failed}` : 'Database migration';
        throw new Error(`${which} failed: ${errorMessage(error)}`, { cause: error });
      }
      return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
    } finally {
      await sql`SELECT pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    }
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { prepareStatementsOn } from './prepared-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

// Per-pool type parsers, so nothing global in node-postgres changes for other code in the
// same process. A `timestamp` (no zone) is wall-clock time in some named zone; turning
// it into a JS Date would silently apply the server's own zone, so it stays text.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_WITHOUT_TIME_ZONE
      ? (value: string) => value
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

export function createDb(connectionString: string, options: { maxConnections?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.maxConnections ?? 10, types });
  // A connection the server ends (a restart, or the embedded server stopping while the pool
  // closes) emits 'error'; unheard, that would crash the process. The next query reconnects.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    prepareStatementsOn(client);
  });
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    // jsonb content (settings keys such as esp_template_id, custom fields) is kept as is.
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true })],
  });
}

/** JSON text for a jsonb column (see tables/column-types.ts for why not the object itself). */
export function toJson(value: unknown): string {
  return JSON.stringify(value);
}

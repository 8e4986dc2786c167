import type { Database, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

// Kysely's SQLite driver prepares every query it runs, and preparing costs about as much
// as running a small one: a pull or a push batch runs the same few statements thousands of
// times. This hands Kysely the statement prepared before for the same SQL text (the least
// recently used ones are dropped past `max`). Safe because every statement runs to the
// end at once (all/run); nothing here iterates one lazily.

export function cachedStatements(sqlite: Database, max = 300): SqliteDatabase {
  const statements = new Map<string, Statement>();
  return {
    prepare(sql: string): Statement {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

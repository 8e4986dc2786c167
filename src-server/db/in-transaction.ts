import type { Db } from './database';

/**
 * Runs `work` in a transaction of its own, or in the caller's when `db` already is one: a
 * write that is one transaction alone can then also be one step of a larger one (the sync
 * batch runs many letter writes in a single transaction, each under a savepoint).
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

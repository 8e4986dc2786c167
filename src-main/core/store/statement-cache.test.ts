import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachedStatements } from './statement-cache';

describe('cachedStatements', () => {
  it('hands back the statement prepared before for the same SQL, and it still runs with new parameters', () => {
    const sqlite = new Database(':memory:');
    const db = cachedStatements(sqlite);
    db.prepare('create table t (n integer)').run([]);
    const insert = db.prepare('insert into t (n) values (?)');
    insert.run([1]);
    expect(db.prepare('insert into t (n) values (?)')).toBe(insert);
    db.prepare('insert into t (n) values (?)').run([2]);
    expect(db.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }]);
    db.close();
    expect(sqlite.open).toBe(false);
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const db = cachedStatements(new Database(':memory:'), 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(one);
    const three = db.prepare('select 3');
    // 'select 2' was used least recently: dropped for 'select 3'; 'select 1' is kept.
    expect(db.prepare('select 1')).toBe(one);
    expect(db.prepare('select 2')).not.toBe(two);
    expect(db.prepare('select 2').all([])).toEqual([{ 2: 2 }]);
    expect(db.prepare('select 3')).not.toBe(three);
    db.close();
  });
});

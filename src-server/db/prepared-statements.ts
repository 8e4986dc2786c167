import type pg from 'pg';

// node-postgres sends every parameterised query as an unnamed statement, which PostgreSQL
// parses and plans afresh each time: 0.2–0.7 ms per statement in the server bench's
// profiles, on calls made of four to seven short statements (issue 23). Naming a statement
// lets each connection parse it once and, after a few runs, reuse a generic plan.
//
// Kysely compiles a given query to the same text every time, so the text is the key. Texts
// that vary (an `in` list of another length) would add names without end, so both the
// shared table of names and each connection's prepared set are bounded; past the bound a
// query simply runs unnamed, as before.

const MAX_NAMES = 2_000;
const MAX_PREPARED_PER_CONNECTION = 500;

const names = new Map<string, string>();

function nameFor(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMES) return known;
  const name = `k${names.size}`;
  names.set(text, name);
  return name;
}

/** Makes `client` run Kysely's parameterised queries as named prepared statements. */
export function prepareStatementsOn(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, values?: unknown, callback?: unknown) => unknown;
  const prepared = new Set<string>();
  const named = (config: unknown, values?: unknown, callback?: unknown) => {
    // Only the plain (text, values) form Kysely uses; statements without parameters are
    // transaction control and DDL, where a saved plan buys nothing.
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
      const name = nameFor(config);
      if (name !== undefined && (prepared.has(name) || prepared.size < MAX_PREPARED_PER_CONNECTION)) {
        prepared.add(name);
        return query({ name, text: config, values });
      }
    }
    return query(config, values, callback);
  };
  client.query = named as typeof client.query;
}

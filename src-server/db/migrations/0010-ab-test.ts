import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The A/B subject test of a scheduled send (issue 16; delivery/ab-test.ts). One row per
// letter, written when the send starts, holding what the test decided and when, so a run
// after a crash or a restart — or on another instance — picks the test up where it stood:
//   sample drawn (decide_at NULL) → sample sent (decide_at = when the wait ends)
//   → winner picked (winner, decided_at; the rest of the audience written down then).
//
// letter_recipients.variant keeps its meaning of migration 0007, narrowed: 'A' or 'B' is a
// reader of the sample, who got that subject; NULL on an A/B letter is a reader of the rest,
// who got the winner's subject (ab_tests.winner). So the sample is told from the rest by
// the variant alone, and a row is never rewritten when the winner is known.

const upStatements = [
  `CREATE TABLE ab_tests (
    letter_id integer PRIMARY KEY REFERENCES letters (id),
    sample_percent integer NOT NULL,
    wait_minutes integer NOT NULL,
    audience integer NOT NULL,
    sample_per_subject integer NOT NULL,
    decide_at timestamptz,
    winner text CHECK (winner IN ('A', 'B')),
    decided_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  // The sweep asks "which tests are still waiting?" every minute.
  `CREATE INDEX ab_tests_waiting ON ab_tests (decide_at) WHERE winner IS NULL`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS ab_tests').execute(db);
}

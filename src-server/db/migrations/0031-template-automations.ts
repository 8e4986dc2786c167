import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Templates that run (issue 32). A template's trigger settings live with the letter
// (`letters.automation`, written by its configure step); what an active one has done and
// will do lives beside it:
//   - template_activations: one row per active template (status 9), written by Activate and
//     removed by Deactivate; `next_run_at` is when a recurring one runs next;
//   - automation_runs: one row per run of a recurring template, keyed by (template, the
//     instant it was due), written once (INSERT … ON CONFLICT DO NOTHING) by whichever run
//     got there first, so two instances and a restart make one edition or one skip;
//   - automation_welcomes: one row per (template, subscriber) a welcome is owed, written
//     once when the subscriber joins; its send goes through letter_recipients of the
//     template, unique per (letter, subscriber) as every send's rows are.
// And the public subscribe form (routes/public-subscribe.ts): a channel may ask new readers
// to confirm by email first (`channels.double_opt_in`); a sign-up waiting for that is a
// subscribe_requests row, not a subscriber, until its link is followed.

const upStatements = [
  `ALTER TABLE letters ADD COLUMN automation jsonb`,
  `CREATE TABLE template_activations (
    letter_id integer PRIMARY KEY REFERENCES letters (id),
    activated_at timestamptz NOT NULL,
    next_run_at timestamptz
  )`,
  `CREATE INDEX template_activations_next_run ON template_activations (next_run_at) WHERE next_run_at IS NOT NULL`,
  `CREATE TABLE automation_runs (
    id serial PRIMARY KEY,
    template_id integer NOT NULL REFERENCES letters (id),
    run_at timestamptz NOT NULL,
    outcome text NOT NULL CHECK (outcome IN ('sent', 'skipped')),
    edition_id integer REFERENCES letters (id),
    message text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (template_id, run_at)
  )`,
  `CREATE TABLE automation_welcomes (
    template_id integer NOT NULL REFERENCES letters (id),
    subscriber_id integer NOT NULL REFERENCES subscribers (id),
    due_at timestamptz NOT NULL,
    state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'queued', 'dropped')),
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (template_id, subscriber_id)
  )`,
  `CREATE INDEX automation_welcomes_waiting ON automation_welcomes (due_at) WHERE state = 'waiting'`,
  `ALTER TABLE channels ADD COLUMN double_opt_in boolean NOT NULL DEFAULT false`,
  `CREATE TABLE subscribe_requests (
    token text PRIMARY KEY,
    channel_id integer NOT NULL REFERENCES channels (id),
    email text NOT NULL,
    first_name text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    confirmed_at timestamptz
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS subscribe_requests').execute(db);
  await sql.raw('ALTER TABLE channels DROP COLUMN IF EXISTS double_opt_in').execute(db);
  await sql.raw('DROP TABLE IF EXISTS automation_welcomes').execute(db);
  await sql.raw('DROP TABLE IF EXISTS automation_runs').execute(db);
  await sql.raw('DROP TABLE IF EXISTS template_activations').execute(db);
  await sql.raw('ALTER TABLE letters DROP COLUMN IF EXISTS automation').execute(db);
}

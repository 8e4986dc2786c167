import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Organization polls (spec 3 "Poll", §7 Polls): the poll, its options (the quiz's correct
// one marked), and the readers' answers. One answer per reader per poll per letter: the
// primary key makes a second click change the answer, never count twice. A deleted poll
// keeps its rows (deleted_at), so the reports of letters that carried it still read.

const upStatements = [
  `CREATE TABLE polls (
    id serial PRIMARY KEY,
    organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
    title text NOT NULL,
    question_text text NOT NULL,
    poll_type smallint NOT NULL CHECK (poll_type IN (1, 2, 3)),
    feedback_scale text CHECK (feedback_scale IN ('1-5', '0-10')),
    origin_type smallint NOT NULL DEFAULT 1 CHECK (origin_type IN (1, 2, 3)),
    origin_id integer,
    is_anonymous boolean NOT NULL DEFAULT false,
    show_results_on_response_page boolean NOT NULL DEFAULT false,
    confirmation_message text NOT NULL DEFAULT '',
    confirmation_message_correct text NOT NULL DEFAULT '',
    confirmation_message_incorrect text NOT NULL DEFAULT '',
    created_by_user_id integer REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    deleted_at timestamptz
  )`,
  // The list's order (createdAt desc) within an organization, deleted ones left out.
  `CREATE INDEX polls_organization_created ON polls (organization_id, created_at DESC, id DESC) WHERE deleted_at IS NULL`,
  `CREATE TABLE poll_options (
    id serial PRIMARY KEY,
    poll_id integer NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    position smallint NOT NULL,
    title text NOT NULL,
    is_correct boolean NOT NULL DEFAULT false
  )`,
  `CREATE INDEX poll_options_poll ON poll_options (poll_id, position)`,
  `CREATE TABLE poll_responses (
    poll_id integer NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
    letter_id integer NOT NULL REFERENCES letters (id) ON DELETE CASCADE,
    subscriber_id integer NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    option_id integer NOT NULL REFERENCES poll_options (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (poll_id, letter_id, subscriber_id)
  )`,
  `CREATE INDEX poll_responses_letter ON poll_responses (letter_id, poll_id)`,
  `CREATE INDEX poll_responses_option ON poll_responses (option_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS poll_responses, poll_options, polls').execute(db);
}

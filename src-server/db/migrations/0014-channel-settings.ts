import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// What the channel settings screen sets that channels had no column for: the font and
// background colours the composer's 'Channel Font Color' and 'Channel Background Color'
// checkboxes use, and the footer's language ('sp' is Spanish, as letters spell it).

const upStatements = [
  `ALTER TABLE channels ADD COLUMN font_color text NOT NULL DEFAULT '#202a33'`,
  `ALTER TABLE channels ADD COLUMN background_color text NOT NULL DEFAULT '#ffffff'`,
  `ALTER TABLE channels ADD COLUMN footer_language text NOT NULL DEFAULT 'en' CHECK (footer_language IN ('en', 'sp'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE channels DROP COLUMN IF EXISTS footer_language, DROP COLUMN IF EXISTS background_color, DROP COLUMN IF EXISTS font_color').execute(db);
}

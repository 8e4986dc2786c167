import { sql } from 'kysely';
import type { Db } from '../../src-server/db/database';
import { insertTagSegment } from '../../src-server/testing/audience-fixtures';

// A delivery bench's audience: `size` active subscribers of a channel, tagged `tag`, with a
// first name on two in three and a member code, written in one statement; answers the id of
// a segment of that tag.
export async function seedAudience(db: Db, channelId: number, tag: string, size: number): Promise<number> {
  await sql`
    INSERT INTO subscribers (channel_id, unique_id, email, first_name, tags, custom_fields)
    SELECT ${channelId}, ${tag} || '-' || g, 'reader' || g || '.' || ${tag} || '@example.com',
      CASE WHEN g % 3 = 0 THEN '' ELSE 'reader' || g END, ARRAY[${tag}],
      jsonb_build_object('member_code', 'm-' || g)
    FROM generate_series(1, ${size}) g`.execute(db);
  await sql`ANALYZE subscribers`.execute(db);
  return insertTagSegment(db, channelId, tag);
}

import { sql } from 'kysely';
import type { SelectQueryBuilder } from 'kysely';
import { WORDPRESS_FEED_PATTERN } from '../../shared/rules/curation-types';
import type { Database } from '../db/schema';

// An aggregates query narrowed to kinds of article (shared/rules/curation-types.ts): the
// kind is read from the article's feed address; an article whose feed was deleted has no
// kind left, so only a query for any kind finds it.

export function whereCurationTypes<O>(
  query: SelectQueryBuilder<Database, 'aggregates', O>,
  types: { wordpress: boolean; newrss: boolean },
): SelectQueryBuilder<Database, 'aggregates', O> {
  if (!types.wordpress && !types.newrss) return query;
  return query.where((eb) => {
    let feeds = eb.selectFrom('feeds').select('feeds.id').whereRef('feeds.id', '=', 'aggregates.feedId');
    if (types.wordpress !== types.newrss) {
      const isWordPress = sql<boolean>`${sql.ref('feeds.url')} ~* ${WORDPRESS_FEED_PATTERN}`;
      feeds = feeds.where(types.wordpress ? isWordPress : sql<boolean>`NOT (${isWordPress})`);
    }
    return eb.exists(feeds);
  });
}

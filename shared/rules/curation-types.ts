import { CurationType } from '../model/enums';
import type { CurationType as CurationTypeValue } from '../model/enums';

// The kinds of curated content (spec 2 §3 curation type codes: 0 default, 3 wordpress,
// 4 newrss). Our aggregates all come from feeds and the schema keeps no kind, so an
// article's kind is its feed's: a WordPress feed address (WordPress serves its feeds at
// `/feed/`, `/feed/atom/`, `?feed=rss2` and its REST API at `/wp-json/`) makes it
// 'wordpress', any other feed 'newrss'. 'default' is every article, so the Curations
// block asks for all curated items while the RSS and WordPress blocks ask for their own.

/**
 * Matches a WordPress feed address. Written in the regular-expression syntax JavaScript and
 * PostgreSQL (`~*`) share, so the platform's query and this rule read a feed the same way.
 */
export const WORDPRESS_FEED_PATTERN = '(/feed(/(rss2?|atom|rdf))?/?|/wp-json/[^?#]*)([?#].*)?$|[?&]feed=';

export function isWordPressFeedUrl(url: string): boolean {
  return new RegExp(WORDPRESS_FEED_PATTERN, 'i').test(url);
}

/** The kind of articles a curation-like block queries: [] (any) for Curations. */
export function curationTypesOfBlock(blockType: 'curation' | 'newrss' | 'wordpress'): CurationTypeValue[] {
  if (blockType === 'newrss') return [CurationType.newrss];
  if (blockType === 'wordpress') return [CurationType.wordpress];
  return [];
}

/** A type list that names 'default', or nothing, asks for every article. */
export function typeFilterOf(types: readonly number[]): { wordpress: boolean; newrss: boolean } | null {
  if (types.length === 0 || types.includes(CurationType.default)) return null;
  return { wordpress: types.includes(CurationType.wordpress), newrss: types.includes(CurationType.newrss) };
}

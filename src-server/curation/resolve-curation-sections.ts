import { AggregatesQuerySchema } from '../../shared/contract/platform-curation';
import type { Section } from '../../shared/model/section';
import { curationBlockQuery, curationItemFromAggregate } from '../../shared/rules/curation-items';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { readSections } from '../delivery/letter-render';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { rssDelta, rssImages } from '../../shared/rules/rss-items';
import { queryAggregates } from './aggregates-query';
import { previewItems, readFeedOrRefuse } from './feed-reader';

// At send time a Curations block shows what its query returns then, not what the editor
// last loaded (the composer keeps those only so it works offline): each curation section
// with items to show gets its items afresh; an inserted article (no query) stays as it is.
// A legacy RSS block reads its feed again the same way.

/** What filling a letter's dynamic sections found: how many there are, and how many came back empty. */
export interface ResolvedSections {
  blocks: string;
  /** Sections filled from a query or a feed at send time. */
  dynamic: number;
  /** Of those, the ones with nothing to show. */
  empty: number;
}

export async function resolveCurationSections(db: Db, channel: ChannelRow, blocks: string, guard: FetchGuard, now = new Date()): Promise<string> {
  return (await resolveDynamicSections(db, channel, blocks, guard, now)).blocks;
}

/**
 * Fills every dynamic section as of `now` (a Curations block's "last N days" count back from
 * `now` on the channel's clock), and counts them: a recurring template's run is skipped when
 * every one comes back empty (automations/recurring-runs.ts).
 */
export async function resolveDynamicSections(db: Db, channel: ChannelRow, blocks: string, guard: FetchGuard, now = new Date()): Promise<ResolvedSections> {
  const sections = readSections(blocks);
  let changed = false;
  let dynamic = 0;
  let empty = 0;
  const resolve = async (section: Section): Promise<Section> => {
    const children = await Promise.all(section.blocks.map(resolve));
    let next: Section = children.some((child, i) => child !== section.blocks[i]) ? ({ ...section, blocks: children } as Section) : section;
    if (next.type === 'curation' || next.type === 'newrss' || next.type === 'wordpress') {
      const query = curationBlockQuery(next.blockModel, channel.timezone, now, next.type, next.layoutType);
      if (query) {
        const { items } = await queryAggregates(db, channel, AggregatesQuerySchema.parse(query));
        dynamic += 1;
        if (items.length === 0) empty += 1;
        next = { ...next, blockModel: { ...next.blockModel, items: items.map((a) => curationItemFromAggregate(a, channel.timezone)) } };
      }
    }
    if (next.type === 'rss' && next.blockModel.link.trim() !== '') {
      // The legacy RSS block reads its feed again; a feed that cannot be read keeps what was loaded.
      const feed = await readFeedOrRefuse(next.blockModel.link, guard).catch(() => null);
      dynamic += 1;
      if (feed) {
        const items = previewItems(feed);
        if (items.length === 0) empty += 1;
        next = { ...next, blockModel: { ...next.blockModel, images: rssImages(items, next.blockModel) }, delta: rssDelta(items, next.blockModel) };
      }
    }
    if (next !== section) changed = true;
    return next;
  };
  const resolved = await Promise.all(sections.map(resolve));
  return { blocks: changed ? JSON.stringify(resolved) : blocks, dynamic, empty };
}

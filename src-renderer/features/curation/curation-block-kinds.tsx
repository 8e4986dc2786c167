import { IconBooks, IconHistory, IconRss } from '@tabler/icons-react';
import type { BlockKind } from '../../block-kit/block-kind';
import { CurationPanel } from './CurationPanel';
import { FeedView, RssView } from './FeedViews';
import { RssPanel } from './RssPanel';

// The blocks filled from curated items and feeds (spec 2 §1 DYNAMIC CONTENT).

export const curationKind: BlockKind<'curation'> = {
  type: 'curation',
  palette: [{ name: 'Curations', group: 'DYNAMIC CONTENT', description: 'Articles curated for the channel, filled when the letter is sent.', icon: IconBooks }],
  View: FeedView,
  Panel: CurationPanel,
};

export const feedKind: BlockKind<'newrss'> = {
  type: 'newrss',
  palette: [{ name: 'RSS', group: 'DYNAMIC CONTENT', description: "A feed's latest posts, filled when the letter is sent.", icon: IconRss }],
  View: FeedView,
  Panel: CurationPanel,
};

export const legacyRssKind: BlockKind<'rss'> = {
  type: 'rss',
  palette: [{ name: 'RSS (Legacy)', group: 'DYNAMIC CONTENT', description: 'The older feed block, for letters that use it.', icon: IconHistory }],
  View: RssView,
  Panel: RssPanel,
};

/** WordPress posts: letters hold it from the platform's integration; the palette does not offer it. */
export const wordpressKind: BlockKind<'wordpress'> = {
  type: 'wordpress',
  View: FeedView,
  Panel: CurationPanel,
};

import type { ComponentType } from 'react';
import type { BlockType, Section, SectionOf } from '../../../../shared/model';
import { BlockquotePanel } from './BlockquotePanel';
import { ButtonPanel } from './ButtonPanel';
import { DividerPanel } from './DividerPanel';
import { FooterPanel } from './FooterPanel';
import { HeadingPanel } from './HeadingPanel';
import { HtmlPanel } from './HtmlPanel';
import { ImagePanel } from './ImagePanel';
import { IterablePanel } from './IterablePanel';
import { LayoutPanel } from './LayoutPanel';
import { LogoPanel } from './LogoPanel';
import { ParagraphPanel } from './ParagraphPanel';
import { pendingFeaturePanel } from './PendingFeaturePanel';
import { ProfilePanel } from './ProfilePanel';
import { RevContentPanel } from './RevContentPanel';
import { PromotionTypePanel } from '../../promotions/PromotionTypePanel';
import { PromotionZonePanel } from '../../promotions/PromotionZonePanel';
import type { PanelProps, SectionEdit } from './section-edit';
import { SharePanel } from './SharePanel';
import { YoutubePanel } from './YoutubePanel';

// Which panel each block type shows (spec 2 §2 "Panels by block type"). This table is the
// extension point: the features still to come (curation, news and feed filters, events,
// polls, promotions) replace their line with their panel.

export type BlockPanels = { [T in BlockType]: ComponentType<PanelProps<SectionOf<T>>> };

export const BLOCK_PANELS: BlockPanels = {
  blockquote: BlockquotePanel,
  button: ButtonPanel,
  curation: pendingFeaturePanel('curation'),
  divider: DividerPanel,
  dynamic: pendingFeaturePanel('link previews'),
  evvnt: pendingFeaturePanel('events'),
  footer: FooterPanel,
  heading: HeadingPanel,
  html: HtmlPanel,
  image: ImagePanel,
  iterable: IterablePanel,
  layout: LayoutPanel,
  logo: LogoPanel,
  news: pendingFeaturePanel('news search'),
  newrss: pendingFeaturePanel('curation'),
  newpromotion: PromotionZonePanel,
  paragraph: ParagraphPanel,
  poll: pendingFeaturePanel('polls'),
  profile: ProfilePanel,
  promotion: PromotionTypePanel,
  revContent: RevContentPanel,
  rss: pendingFeaturePanel('RSS feeds'),
  share: SharePanel,
  url: pendingFeaturePanel('link previews'),
  wordpress: pendingFeaturePanel('curation'),
  youtube: YoutubePanel,
};

/** The panel of a section, whatever its type. */
export function BlockPanel({ section, edit }: { section: Section; edit: SectionEdit }) {
  // The table pairs each type with its panel; TypeScript cannot follow that pairing through
  // a union-typed lookup, so the panel is widened here, once.
  const Panel = BLOCK_PANELS[section.type] as ComponentType<PanelProps<Section>>;
  return <Panel section={section} edit={edit} />;
}

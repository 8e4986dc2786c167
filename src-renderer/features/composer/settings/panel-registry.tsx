import type { ComponentType } from 'react';
import type { BlockType, Section, SectionOf } from '../../../../shared/model';
import { CurationPanel } from '../../curation/CurationPanel';
import { RssPanel } from '../../curation/RssPanel';
import { BlockquotePanel } from './BlockquotePanel';
import { ButtonPanel } from './ButtonPanel';
import { DividerPanel } from './DividerPanel';
import { FooterPanel } from './FooterPanel';
import { HeadingPanel } from './HeadingPanel';
import { ImagePanel } from './ImagePanel';
import { IterablePanel } from './IterablePanel';
import { LayoutPanel } from './LayoutPanel';
import { LogoPanel } from './LogoPanel';
import { ParagraphPanel } from './ParagraphPanel';
import { PollPanel } from '../../polls/PollPanel';
import { ProfilePanel } from './ProfilePanel';
import { RevContentPanel } from './RevContentPanel';
import { PromotionTypePanel } from '../../promotions/PromotionTypePanel';
import { PromotionZonePanel } from '../../promotions/PromotionZonePanel';
import type { PanelProps, SectionEdit } from '../../../block-kit/section-edit';
import { SharePanel } from './SharePanel';
import { YoutubePanel } from './YoutubePanel';
import { EventsPanel } from '../../link-content/EventsPanel';
import { HtmlPanel } from '../../link-content/HtmlPanel';
import { NewsPanel } from '../../link-content/NewsPanel';
import { UrlPanel } from '../../link-content/UrlPanel';

// Which panel each block type shows (spec 2 §2 "Panels by block type"). Panels of blocks fed
// by a feature (curation, link content, polls, promotions) live in that feature's folder.

export type BlockPanels = { [T in BlockType]: ComponentType<PanelProps<SectionOf<T>>> };

export const BLOCK_PANELS: BlockPanels = {
  blockquote: BlockquotePanel,
  button: ButtonPanel,
  curation: CurationPanel,
  divider: DividerPanel,
  dynamic: UrlPanel,
  evvnt: EventsPanel,
  footer: FooterPanel,
  heading: HeadingPanel,
  html: HtmlPanel,
  image: ImagePanel,
  iterable: IterablePanel,
  layout: LayoutPanel,
  logo: LogoPanel,
  news: NewsPanel,
  newrss: CurationPanel,
  newpromotion: PromotionZonePanel,
  paragraph: ParagraphPanel,
  poll: PollPanel,
  profile: ProfilePanel,
  promotion: PromotionTypePanel,
  revContent: RevContentPanel,
  rss: RssPanel,
  share: SharePanel,
  url: UrlPanel,
  wordpress: CurationPanel,
  youtube: YoutubePanel,
};

/** The panel of a section, whatever its type. */
export function BlockPanel({ section, edit }: { section: Section; edit: SectionEdit }) {
  // The table pairs each type with its panel; TypeScript cannot follow that pairing through
  // a union-typed lookup, so the panel is widened here, once.
  const Panel = BLOCK_PANELS[section.type] as ComponentType<PanelProps<Section>>;
  return <Panel section={section} edit={edit} />;
}

import {
  IconAd,
  IconBrandYoutube,
  IconColumns,
  IconCrown,
  IconHandClick,
  IconHeading,
  IconLayoutColumns,
  IconPhoto,
  IconPilcrow,
  IconPlugConnected,
  IconQuote,
  IconSeparatorHorizontal,
  IconShare,
  IconUserCircle,
} from '@tabler/icons-react';
import type { SectionOf } from '../../../shared/model';
import { ESP_ITERABLE, type BlockKind, type BlockViewProps } from '../../block-kit/block-kind';
import { ButtonView, DividerView, FooterView, ImageView, IterableView, LogoView, RevContentView, SocialView, YoutubeView } from './BasicBlockViews';
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
import { ProfilePanel } from './ProfilePanel';
import { RevContentPanel } from './RevContentPanel';
import { SharePanel } from './SharePanel';
import { HeadingView, ParagraphView } from './TextViews';
import { YoutubePanel } from './YoutubePanel';

// The blocks an editor writes and lays out by hand (spec 2 §1 CREATE and LAYOUTS, and the
// RevContent and Iterable integrations, which hold only their ids).

const companyLevel = (letter: { channelSlug: string }) => letter.channelSlug === 'company';

export const headingKind: BlockKind<'heading'> = {
  type: 'heading',
  palette: [{ name: 'Heading', group: 'CREATE', icon: IconHeading }],
  View: HeadingView,
  Panel: HeadingPanel,
};

export const paragraphKind: BlockKind<'paragraph'> = {
  type: 'paragraph',
  palette: [{ name: 'Paragraph', group: 'CREATE', icon: IconPilcrow }],
  View: ParagraphView,
  Panel: ParagraphPanel,
};

export const buttonKind: BlockKind<'button'> = {
  type: 'button',
  palette: [{ name: 'Button', group: 'CREATE', icon: IconHandClick }],
  View: ButtonView,
  Panel: ButtonPanel,
};

export const blockquoteKind: BlockKind<'blockquote'> = {
  type: 'blockquote',
  palette: [{ name: 'Blockquote', group: 'CREATE', icon: IconQuote }],
  View: ParagraphView,
  Panel: BlockquotePanel,
};

export const dividerKind: BlockKind<'divider'> = {
  type: 'divider',
  palette: [{ name: 'Divider', group: 'CREATE', icon: IconSeparatorHorizontal }],
  View: DividerView,
  Panel: DividerPanel,
};

export const imageKind: BlockKind<'image'> = {
  type: 'image',
  palette: [{ name: 'Image', group: 'CREATE', icon: IconPhoto }],
  View: ({ section }) => <ImageView section={section} placeholder="Image placeholder" />,
  Panel: ImagePanel,
};

export const logoKind: BlockKind<'logo'> = {
  type: 'logo',
  palette: [{ name: 'Logo', group: 'CREATE', icon: IconCrown }],
  View: LogoView,
  Panel: LogoPanel,
};

export const profileKind: BlockKind<'profile'> = {
  type: 'profile',
  palette: [{ name: 'Profiles', group: 'CREATE', icon: IconUserCircle }],
  View: SocialView,
  Panel: ProfilePanel,
};

export const shareKind: BlockKind<'share'> = {
  type: 'share',
  palette: [{ name: 'Share', group: 'CREATE', icon: IconShare }],
  View: SocialView,
  Panel: SharePanel,
};

export const youtubeKind: BlockKind<'youtube'> = {
  type: 'youtube',
  palette: [{ name: 'YouTube', group: 'CREATE', icon: IconBrandYoutube }],
  View: YoutubeView,
  Panel: YoutubePanel,
};

export const footerKind: BlockKind<'footer'> = {
  type: 'footer',
  View: ({ section, letter }) => (
    <FooterView section={section} settings={letter.settings} companyLevel={companyLevel(letter)} brandSlug={letter.brandSlug} channelSlug={letter.channelSlug} />
  ),
  Panel: FooterPanel,
};

function LayoutView({ section, renderChild }: BlockViewProps<SectionOf<'layout'>>) {
  return <div style={{ display: 'flex', flexWrap: section.isLayoutStacked ? 'wrap' : 'nowrap', gap: 8 }}>{section.blocks.map(renderChild)}</div>;
}

export const layoutKind: BlockKind<'layout'> = {
  type: 'layout',
  palette: [
    { name: 'Image + Text', group: 'LAYOUTS', icon: IconLayoutColumns, layoutType: 1 },
    { name: 'Text + Image', group: 'LAYOUTS', icon: IconLayoutColumns, layoutType: 2 },
    { name: 'Image + Image', group: 'LAYOUTS', icon: IconColumns, layoutType: 3 },
    { name: 'Text + Text', group: 'LAYOUTS', icon: IconColumns, layoutType: 4 },
    { name: 'Image + Text columns', group: 'LAYOUTS', icon: IconLayoutColumns, layoutType: 7, flag: 'imageTextColumnsLayout' },
  ],
  View: LayoutView,
  Panel: LayoutPanel,
};

export const revContentKind: BlockKind<'revContent'> = {
  type: 'revContent',
  palette: [{ name: 'RevContent', group: 'INTEGRATIONS', icon: IconAd }],
  View: RevContentView,
  Panel: RevContentPanel,
};

export const iterableKind: BlockKind<'iterable'> = {
  type: 'iterable',
  palette: [{ name: 'Iterable', group: 'INTEGRATIONS', icon: IconPlugConnected, esp: ESP_ITERABLE }],
  View: IterableView,
  Panel: IterablePanel,
};

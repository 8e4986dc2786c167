import {
  IconAd,
  IconBrandYoutube,
  IconColumns,
  IconColumns2,
  IconCrown,
  IconHandClick,
  IconHeading,
  IconLayoutColumns,
  IconLayoutSidebar,
  IconLayoutSidebarRight,
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
  palette: [{ name: 'Heading', group: 'CREATE', description: 'A title or subheading, h1 to h6.', icon: IconHeading }],
  View: HeadingView,
  Panel: HeadingPanel,
};

export const paragraphKind: BlockKind<'paragraph'> = {
  type: 'paragraph',
  palette: [{ name: 'Paragraph', group: 'CREATE', description: 'Text with bold, italic, links, colours and lists.', icon: IconPilcrow }],
  View: ParagraphView,
  Panel: ParagraphPanel,
};

export const buttonKind: BlockKind<'button'> = {
  type: 'button',
  palette: [{ name: 'Button', group: 'CREATE', description: 'A call to action that links to a page or an email address.', icon: IconHandClick }],
  View: ButtonView,
  Panel: ButtonPanel,
};

export const blockquoteKind: BlockKind<'blockquote'> = {
  type: 'blockquote',
  palette: [{ name: 'Blockquote', group: 'CREATE', description: 'A quotation set off with a border.', icon: IconQuote }],
  View: ParagraphView,
  Panel: BlockquotePanel,
};

export const dividerKind: BlockKind<'divider'> = {
  type: 'divider',
  palette: [{ name: 'Divider', group: 'CREATE', description: 'A line between parts of the letter.', icon: IconSeparatorHorizontal }],
  View: DividerView,
  Panel: DividerPanel,
};

export const imageKind: BlockKind<'image'> = {
  type: 'image',
  palette: [{ name: 'Image', group: 'CREATE', description: 'A picture, uploaded or from a web address, with a link.', icon: IconPhoto }],
  View: ({ section }) => <ImageView section={section} placeholder="Image placeholder" />,
  Panel: ImagePanel,
};

export const logoKind: BlockKind<'logo'> = {
  type: 'logo',
  palette: [{ name: 'Logo', group: 'CREATE', description: "The channel's logo, linked to its page.", icon: IconCrown }],
  View: LogoView,
  Panel: LogoPanel,
};

export const profileKind: BlockKind<'profile'> = {
  type: 'profile',
  palette: [{ name: 'Profiles', group: 'CREATE', description: "Links to the channel's social profiles.", icon: IconUserCircle }],
  View: SocialView,
  Panel: ProfilePanel,
};

export const shareKind: BlockKind<'share'> = {
  type: 'share',
  palette: [{ name: 'Share', group: 'CREATE', description: 'Buttons for readers to share the letter.', icon: IconShare }],
  View: SocialView,
  Panel: SharePanel,
};

export const youtubeKind: BlockKind<'youtube'> = {
  type: 'youtube',
  palette: [{ name: 'YouTube', group: 'CREATE', description: 'A video thumbnail with a play icon, linked to the video.', icon: IconBrandYoutube }],
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
    { name: 'Image + Text', group: 'LAYOUTS', description: 'An image on the left, text on the right.', icon: IconLayoutSidebar, layoutType: 1 },
    { name: 'Text + Image', group: 'LAYOUTS', description: 'Text on the left, an image on the right.', icon: IconLayoutSidebarRight, layoutType: 2 },
    { name: 'Image + Image', group: 'LAYOUTS', description: 'Two images side by side.', icon: IconLayoutColumns, layoutType: 3 },
    { name: 'Text + Text', group: 'LAYOUTS', description: 'Two columns of text.', icon: IconColumns, layoutType: 4 },
    { name: 'Image + Text columns', group: 'LAYOUTS', description: 'Image and text columns side by side.', icon: IconColumns2, layoutType: 7, flag: 'imageTextColumnsLayout' },
  ],
  View: LayoutView,
  Panel: LayoutPanel,
};

export const revContentKind: BlockKind<'revContent'> = {
  type: 'revContent',
  palette: [{ name: 'RevContent', group: 'INTEGRATIONS', description: "RevContent's sponsored content, by widget and placement.", icon: IconAd }],
  View: RevContentView,
  Panel: RevContentPanel,
};

export const iterableKind: BlockKind<'iterable'> = {
  type: 'iterable',
  palette: [{ name: 'Iterable', group: 'INTEGRATIONS', description: 'An Iterable snippet, by template id.', icon: IconPlugConnected, esp: ESP_ITERABLE }],
  View: IterableView,
  Panel: IterablePanel,
};

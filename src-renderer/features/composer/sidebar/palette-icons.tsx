import {
  IconAd,
  IconBooks,
  IconBrandYoutube,
  IconCalendarEvent,
  IconChartBar,
  IconCode,
  IconColumns,
  IconCrown,
  IconHandClick,
  IconHeading,
  IconHistory,
  IconLayoutColumns,
  IconLink,
  IconPhoto,
  IconPilcrow,
  IconPlugConnected,
  IconQuote,
  IconRss,
  IconSeparatorHorizontal,
  IconShare,
  IconSpeakerphone,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { PALETTE } from './palette';

/** Each palette item's icon, by its palette name (a name the palette lacks would not type-check). */
export const PALETTE_ICONS: Record<(typeof PALETTE)[number]['name'], Icon> = {
  Heading: IconHeading,
  Paragraph: IconPilcrow,
  Button: IconHandClick,
  Blockquote: IconQuote,
  Divider: IconSeparatorHorizontal,
  HTML: IconCode,
  Image: IconPhoto,
  Logo: IconCrown,
  Profiles: IconUserCircle,
  Share: IconShare,
  YouTube: IconBrandYoutube,
  Poll: IconChartBar,
  Curations: IconBooks,
  Promotion: IconSpeakerphone,
  RSS: IconRss,
  'RSS (Legacy)': IconHistory,
  URL: IconLink,
  'Image + Text': IconLayoutColumns,
  'Text + Image': IconLayoutColumns,
  'Image + Image': IconColumns,
  'Text + Text': IconColumns,
  'Image + Text columns': IconLayoutColumns,
  Evvnt: IconCalendarEvent,
  RevContent: IconAd,
  Iterable: IconPlugConnected,
};

/** The icon drawn on a palette button (none for a name outside the palette). */
export function PaletteIcon({ name }: { name: string }) {
  const Glyph = (PALETTE_ICONS as Record<string, Icon | undefined>)[name];
  return Glyph ? <Glyph size={18} stroke={1.6} aria-hidden data-palette-icon /> : null;
}

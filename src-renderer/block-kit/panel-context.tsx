import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Channel, LetterSettings, Section } from '../../shared/model';
import { DEFAULT_CHANNEL_BACKGROUND_COLOR, DEFAULT_CHANNEL_FONT_COLOR } from '../../shared/model/channel-settings';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import type { FeatureFlagName } from '../../shared/model/feature-flags';
import type { SectionEdit } from './section-edit';

// What every block panel may need besides its section: the letter's styles (the desktop
// width caps image widths, the heading levels feed the heading type), where the letter
// lives, its channel, and whether it can be edited at all.

export type PanelChannel = Pick<Channel, 'title' | 'accentColor' | 'fontColor' | 'backgroundColor' | 'madeWithCredit'>;

export interface PanelContextValue {
  settings: LetterSettings;
  letterUniqueId: string;
  brandSlug: string;
  channelSlug: string;
  /**
   * The letter's channel when known; its title and colours fill channel-based choices (the
   * font and background colours come from the channel settings; absent on a platform older
   * than them, which means the defaults every channel starts with).
   */
  channel: PanelChannel | null;
  readOnly: boolean;
  isFeatureOn: (flag: FeatureFlagName) => boolean;
  /** The panel of any block, for panels that hold blocks (a layout's columns); given here to avoid an import cycle. */
  BlockPanel: ComponentType<{ section: Section; edit: SectionEdit }>;
}

const PanelContext = createContext<PanelContextValue | null>(null);

export function PanelContextProvider({ value, children }: { value: PanelContextValue; children: ReactNode }) {
  return <PanelContext.Provider value={value}>{children}</PanelContext.Provider>;
}

export function usePanelContext(): PanelContextValue {
  const value = useContext(PanelContext);
  if (!value) throw new Error('usePanelContext: a block panel is rendered outside BlockSettingsPanel');
  return value;
}

/** The company channel's letters take their channel's logo, footer and colours later (spec 2 §6). */
export function isCompanyLevel(context: Pick<PanelContextValue, 'channelSlug'>): boolean {
  return context.channelSlug === COMPANY_CHANNEL_SLUG;
}

/** The channel colours the 'Channel ... Color' checkboxes apply (spec 2 §2). */
export type ChannelColorName = 'accent' | 'font' | 'background';

export const CHANNEL_COLOR_LABELS: Record<ChannelColorName, string> = {
  accent: 'Channel Accent Color',
  font: 'Channel Font Color',
  background: 'Channel Background Color',
};

/**
 * The channel's colour of that name, or null where the checkboxes are not offered: at
 * company level (channel settings do not apply there, spec 2 §6) or while the channel is unknown.
 */
export function channelColorOf(context: Pick<PanelContextValue, 'channelSlug' | 'channel'>, name: ChannelColorName): string | null {
  const { channel } = context;
  if (!channel || isCompanyLevel(context)) return null;
  if (name === 'accent') return channel.accentColor;
  if (name === 'font') return channel.fontColor ?? DEFAULT_CHANNEL_FONT_COLOR;
  return channel.backgroundColor ?? DEFAULT_CHANNEL_BACKGROUND_COLOR;
}

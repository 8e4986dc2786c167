import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { Channel, LetterSettings, Section } from '../../shared/model';
import type { FeatureFlagName } from '../../shared/model/feature-flags';
import type { SectionEdit } from './section-edit';

// What every block panel may need besides its section: the letter's styles (the desktop
// width caps image widths, the heading levels feed the heading type), where the letter
// lives, its channel, and whether it can be edited at all.

export interface PanelContextValue {
  settings: LetterSettings;
  letterUniqueId: string;
  brandSlug: string;
  channelSlug: string;
  /** The letter's channel when known; its accent colour and title fill channel-based choices. */
  channel: Pick<Channel, 'title' | 'accentColor'> | null;
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
  return context.channelSlug === 'company';
}

import { createContext, useContext } from 'react';

// What every Styles tab field needs besides its value: whether editing is allowed, and the
// channel whose colours the 'Channel ... Color' checkboxes use.

/** The channel's colours; null at company level (channel settings do not apply there) or while unknown. */
export interface StylesChannel {
  accentColor: string;
  /** From the channel settings: 'Channel Font Color' and 'Channel Background Color'. */
  fontColor: string;
  backgroundColor: string;
}

/** Which of the channel's colours a 'Channel ... Color' checkbox applies. */
export type StylesChannelColor = keyof StylesChannel;

export interface StylesEnvironment {
  disabled: boolean;
  channel: StylesChannel | null;
}

export const StylesContext = createContext<StylesEnvironment>({ disabled: false, channel: null });

export function useStylesEnvironment(): StylesEnvironment {
  return useContext(StylesContext);
}

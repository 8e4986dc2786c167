import type { Section } from '../model';
import { DEFAULT_CHANNEL_BACKGROUND_COLOR, DEFAULT_CHANNEL_FONT_COLOR } from '../model/channel-settings';
import type { RenderChannel } from './types';

// The 'Channel ... Color' checkboxes of block panels (spec 2 §2) store a flag beside the
// colour. When the letter is rendered with its channel, a flagged colour is the channel's
// colour of the day: an editor who changes the channel's colours in its settings sees every
// letter that uses them follow. Without a channel (company level, a channel unknown) the
// colour stored when the box was ticked stands.

/** The channel's font colour, or the default every channel has until its settings say otherwise. */
export function channelFontColor(channel: Pick<RenderChannel, 'fontColor'>): string {
  return channel.fontColor ?? DEFAULT_CHANNEL_FONT_COLOR;
}

/** The channel's background colour, or the default every channel has until its settings say otherwise. */
export function channelBackgroundColor(channel: Pick<RenderChannel, 'backgroundColor'>): string {
  return channel.backgroundColor ?? DEFAULT_CHANNEL_BACKGROUND_COLOR;
}

/** The section with each flagged colour replaced by the channel's (its own children are rendered through this too). */
export function withChannelColors(section: Section, channel: RenderChannel | null): Section {
  if (!channel) return section;
  let result = section;
  const flags = section.useChannelColor;
  if (flags?.backgroundColor) result = { ...result, backgroundColor: channelBackgroundColor(channel) };
  if (flags?.textColor) result = { ...result, textColor: channelFontColor(channel) };
  if (result.type === 'button') {
    const model = result.blockModel;
    const buttonFlags = model.useChannelColor;
    if (buttonFlags?.backgroundColor || buttonFlags?.color) {
      result = {
        ...result,
        blockModel: {
          ...model,
          ...(buttonFlags.backgroundColor ? { backgroundColor: channel.accentColor } : {}),
          ...(buttonFlags.color ? { color: channelFontColor(channel) } : {}),
        },
      };
    }
  }
  return result;
}

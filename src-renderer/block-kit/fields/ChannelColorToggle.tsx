import { Checkbox } from '@mantine/core';
import { useRef } from 'react';
import { CHANNEL_COLOR_LABELS, channelColorOf, usePanelContext, type ChannelColorName } from '../panel-context';

// A block panel's 'Channel Accent Color', 'Channel Font Color' or 'Channel Background Color'
// checkbox (spec 2 §2). The block stores a flag beside the colour: ticked, the email takes
// the channel's colour whenever it is rendered (shared/render/channel-colors.ts), and the
// colour field holds the channel's colour of the moment for the canvas. Unticking gives back
// the colour from before. Shown at channel level only.

export interface ChannelColorToggleProps {
  name: ChannelColorName;
  /** Whether the field follows the channel's colour. */
  checked: boolean;
  /** The field's colour now, given back on unticking when the colour from before is not known. */
  value: string;
  disabled?: boolean;
  /** Ticked: `color` is the channel's; unticked: the one from before. */
  onChange: (useChannel: boolean, color: string) => void;
}

export function ChannelColorToggle({ name, checked, value, disabled, onChange }: ChannelColorToggleProps) {
  const context = usePanelContext();
  const before = useRef<string | null>(null);
  const channelColor = channelColorOf(context, name);
  if (channelColor === null) return null;
  return (
    <Checkbox
      label={CHANNEL_COLOR_LABELS[name]}
      checked={checked}
      disabled={disabled || context.readOnly}
      size="xs"
      onChange={(event) => {
        if (event.currentTarget.checked) {
          before.current = value;
          onChange(true, channelColor);
        } else {
          onChange(false, before.current ?? value);
        }
      }}
    />
  );
}

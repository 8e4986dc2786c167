import { Checkbox } from '@mantine/core';
import { useRef } from 'react';
import { sameStyleValue } from '../../../shared/rules/apply-letter-styles';
import { useStylesEnvironment, type StylesChannelColor } from '../styles-context';

/**
 * A 'Channel ... Color' checkbox for a colour the letter's styles store without a flag: it is
 * ticked while the colour is that channel colour (`color`: the accent, font or background
 * colour of the channel settings); ticking sets it, unticking brings back the colour from
 * before (or `fallback`). Shown only at channel level.
 */
export function ChannelColorCheckbox({
  label,
  color,
  value,
  fallback,
  onChange,
}: {
  label: string;
  color: StylesChannelColor;
  value: string;
  fallback: string;
  onChange: (color: string) => void;
}) {
  const { disabled, channel } = useStylesEnvironment();
  const before = useRef<string | null>(null);
  if (!channel) return null;
  const channelColor = channel[color];
  const checked = sameStyleValue(value, channelColor);
  return (
    <Checkbox
      label={label}
      checked={checked}
      disabled={disabled}
      size="xs"
      onChange={(event) => {
        if (event.currentTarget.checked) {
          before.current = value;
          onChange(channelColor);
        } else {
          onChange(before.current ?? fallback);
        }
      }}
    />
  );
}

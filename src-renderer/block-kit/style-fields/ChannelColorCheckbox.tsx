import { Checkbox } from '@mantine/core';
import { useRef } from 'react';
import { sameStyleValue } from '../../../shared/rules/apply-letter-styles';
import { useStylesEnvironment } from '../styles-context';

/**
 * A 'Channel ... Color' checkbox for a colour the model stores without a flag: it is ticked
 * while the colour is the channel's accent colour; ticking sets that colour, unticking
 * brings back the colour from before (or `fallback`). Shown only at channel level.
 */
export function ChannelColorCheckbox({ label, value, fallback, onChange }: { label: string; value: string; fallback: string; onChange: (color: string) => void }) {
  const { disabled, channel } = useStylesEnvironment();
  const before = useRef<string | null>(null);
  if (!channel) return null;
  const checked = sameStyleValue(value, channel.accentColor);
  return (
    <Checkbox
      label={label}
      checked={checked}
      disabled={disabled}
      size="xs"
      onChange={(event) => {
        if (event.currentTarget.checked) {
          before.current = value;
          onChange(channel.accentColor);
        } else {
          onChange(before.current ?? fallback);
        }
      }}
    />
  );
}

import { ColorInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { checkColor } from '../../../../../shared/rules/letter-styles';
import { sameStyleValue } from '../../../../../shared/rules/apply-letter-styles';
import { useStylesEnvironment } from '../styles-context';

/** The spec's palette: the channel's accent colour plus 15 fixed colours. */
export const FIXED_SWATCHES = [
  '#000000',
  '#202a33',
  '#495057',
  '#868e96',
  '#dee2e6',
  '#ffffff',
  '#1d2d4d',
  '#1c7ed6',
  '#15aabf',
  '#2f9e44',
  '#f59f00',
  '#e8590c',
  '#e03131',
  '#c2255c',
  '#7048e8',
] as const;

export interface ColorStyleFieldProps {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  /** Greyed while a 'Channel ... Color' checkbox decides the colour. */
  disabled?: boolean;
}

/** A colour field: a colour the email can draw is written as it is typed or picked; anything else shows why and is not written. */
export function ColorStyleField({ label, value, onCommit, disabled = false }: ColorStyleFieldProps) {
  const environment = useStylesEnvironment();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (written.current !== null && sameStyleValue(written.current, value)) return;
    written.current = null;
    setDraft(value);
    setError(null);
  }, [value]);

  const onChange = (raw: string) => {
    setDraft(raw);
    const result = checkColor(raw);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    if (!sameStyleValue(result.value, value)) {
      written.current = result.value;
      onCommit(result.value);
    }
  };

  const swatches = environment.channel ? [environment.channel.accentColor, ...FIXED_SWATCHES] : [...FIXED_SWATCHES];
  return (
    <ColorInput
      label={label}
      value={draft}
      onChange={onChange}
      error={error}
      disabled={environment.disabled || disabled}
      swatches={swatches}
      swatchesPerRow={8}
      withEyeDropper={false}
      // Mantine would put back its own last valid colour on blur, undoing a CSS colour name it does not know.
      fixOnBlur={false}
      size="xs"
    />
  );
}

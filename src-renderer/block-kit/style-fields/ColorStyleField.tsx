import { ColorInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { checkColor } from '../../../shared/rules/letter-styles';
import { sameStyleValue } from '../../../shared/rules/apply-letter-styles';
import { colourPalette } from '../../../shared/rules/colour-palette';
import { useStylesEnvironment } from '../styles-context';

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

  const swatches = colourPalette(environment.channel?.accentColor);
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

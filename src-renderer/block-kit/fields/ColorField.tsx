import { ColorInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { checkColor } from '../../../shared/rules/letter-styles';
import { colourPalette } from '../../../shared/rules/colour-palette';

// A colour picker with the spec's palette (the channel's accent colour plus 15 fixed colours,
// spec 2 §9). A typed colour is stored once it is one the email can draw; a half-typed one
// waits. Leaving the field on a colour the email cannot draw shows the message and puts
// back the colour the field was entered with.

export interface ColorFieldProps {
  label: string;
  value: string;
  onValid: (colour: string) => void;
  accentColor?: string | null;
  /** An empty field means no colour of its own (the letter's shows through). */
  allowTransparent?: boolean;
  disabled?: boolean;
}

const TRANSPARENT = 'transparent';

export function ColorField({ label, value, onValid, accentColor, allowTransparent, disabled }: ColorFieldProps) {
  const shown = allowTransparent && value === TRANSPARENT ? '' : value;
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const typing = useRef(false);
  const enteredWith = useRef(value);

  useEffect(() => {
    if (typing.current) return;
    setText(shown);
    setError(null);
  }, [shown]);

  const check = (next: string) => {
    if (allowTransparent && next.trim() === '') return { ok: true as const, value: TRANSPARENT };
    return checkColor(next);
  };

  const change = (next: string) => {
    setText(next);
    const result = check(next);
    if (result.ok) {
      setError(null);
      if (result.value !== value) onValid(result.value);
    }
  };

  return (
    <ColorInput
      label={label}
      value={text}
      format="hex"
      disabled={disabled}
      placeholder={allowTransparent ? 'None' : undefined}
      swatches={colourPalette(accentColor)}
      swatchesPerRow={8}
      error={error}
      onFocus={() => {
        typing.current = true;
        enteredWith.current = value;
      }}
      onBlur={() => {
        typing.current = false;
        const result = check(text);
        setError(result.ok ? null : result.message);
        if (!result.ok && value !== enteredWith.current) onValid(enteredWith.current);
      }}
      onChange={change}
    />
  );
}

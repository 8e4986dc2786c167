import { Text, TextInput, Textarea } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FieldResult } from '../../../shared/rules/field-result';

// A text or number field guarded by a shared rule. What the editor types stays in the field;
// a value the rule accepts is stored (after `debounceMs` when given), a value it refuses
// shows the rule's message and is never stored: the section goes back to what it held when
// the field was entered, so typing '251' into a 0–250 field leaves no '25' behind. While
// the field is not being typed in, it follows the stored value (undo, another panel).

export interface RuleFieldProps<T> {
  label: string;
  value: T;
  check: (text: string) => FieldResult<T>;
  onValid: (value: T) => void;
  /** How the stored value reads in the field; String() by default. */
  format?: (value: T) => string;
  debounceMs?: number;
  description?: ReactNode;
  placeholder?: string;
  multiline?: boolean;
  /** For number fields: a narrower field and a numeric keyboard. */
  numeric?: boolean;
  disabled?: boolean;
  rightSection?: ReactNode;
  /** The field's accessible name when the visible label is short ('Top' of 'Padding top'). */
  ariaLabel?: string;
  size?: 'xs' | 'sm';
  /** A new value drops what is typed, its message and any pending store (the button's link type). */
  resetKey?: string;
}

export function RuleField<T>(props: RuleFieldProps<T>) {
  const { label, value, check, onValid, format = String, debounceMs, multiline, numeric, ariaLabel, resetKey, ...rest } = props;
  const shown = format(value);
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  /** A corrected value's note ('Font size is at most 72, so 200 became 72.'), until the next edit. */
  const [warning, setWarning] = useState<string | null>(null);
  const typing = useRef(false);
  /** What the section held when the field was entered, and whether typing has stored something since. */
  const entered = useRef<{ value: T; stored: boolean } | null>(null);
  const store = (next: T) => {
    if (entered.current) entered.current.stored = true;
    onValid(next);
  };
  const commit = useDebouncedCallback(store, { delay: debounceMs ?? 0, flushOnUnmount: true });

  // Follow the stored value unless the editor is typing here (their text wins until blur).
  useEffect(() => {
    if (typing.current) return;
    setText(shown);
    setError(null);
    setWarning(null);
  }, [shown]);

  const firstReset = useRef(true);
  useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    commit.cancel();
    setText(shown);
    setError(null);
    setWarning(null);
    // Only a new resetKey resets; `shown` is read as it is then.
  }, [resetKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const change = (next: string) => {
    setText(next);
    const result = check(next);
    if (!result.ok) {
      commit.cancel();
      setError(result.message);
      setWarning(null);
      if (entered.current?.stored) {
        entered.current.stored = false;
        onValid(entered.current.value);
      }
      return;
    }
    setError(null);
    setWarning(result.warning ?? null);
    if (debounceMs) commit(result.value);
    else store(result.value);
  };

  const blur = () => {
    typing.current = false;
    commit.flush();
    entered.current = null;
    // A value the rule corrected (clamped, rounded, blank as default) now reads as stored.
    if (error === null) setText(shown);
  };

  const common = {
    label,
    value: text,
    error,
    onFocus: () => {
      typing.current = true;
      entered.current = { value, stored: false };
    },
    onBlur: blur,
    'aria-label': ariaLabel,
    ...rest,
    // The note goes under the field, where the error would be, in the warning colour.
    ...(warning
      ? {
          description: (
            <Text span size="xs" c="orange.8" role="status">
              {warning}
            </Text>
          ),
          inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
        }
      : {}),
  };
  return multiline ? (
    <Textarea {...common} rows={3} resize="vertical" onChange={(event) => change(event.currentTarget.value)} />
  ) : (
    <TextInput {...common} inputMode={numeric ? 'decimal' : undefined} onChange={(event) => change(event.currentTarget.value)} />
  );
}

import { NumberInput, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { fieldNumber, type NumberFieldValue, type StyleRuleResult } from '../../../shared/rules/letter-styles';
import { useStylesEnvironment } from '../styles-context';

export interface NumberStyleFieldProps {
  label: string;
  /** The accessible name when the visible label is short ('Top' in a Padding group). */
  ariaLabel?: string;
  value: number;
  check: (raw: NumberFieldValue) => StyleRuleResult<number>;
  onCommit: (value: number) => void;
  /** Wait this long after the last keystroke before checking (the spec's width and divider debounces). */
  debounceMs?: number;
  decimalScale?: number;
}

/**
 * A number field checked by one of the Styles rules. A refused value shows the rule's
 * message and is not written; a corrected value (600 for 500) is written, shown in the
 * field, and its warning stays under the field until the next edit.
 */
export function NumberStyleField({ label, ariaLabel, value, check, onCommit, debounceMs = 0, decimalScale }: NumberStyleFieldProps) {
  const { disabled } = useStylesEnvironment();
  const [draft, setDraft] = useState<number | string>(value);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<number | string | null>(null);
  /** The last value this field wrote: its echo from the store must not reset the field. */
  const written = useRef<number | null>(null);

  // A value changed elsewhere (undo, an override, another letter) replaces what the field shows.
  useEffect(() => {
    if (written.current === value) return;
    written.current = null;
    setDraft(value);
    setError(null);
    setWarning(null);
  }, [value]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  /** `settle`: also show the stored value in the field (after a pause or on blur, never mid-typing). */
  const evaluate = (raw: number | string, settle: boolean) => {
    const result = check(raw);
    if (!result.ok && result.ignored) {
      // Ignored, not refused (spec 2 §5 mobile width): the field shows the stored value again once typing pauses.
      setError(null);
      setWarning(result.message);
      if (settle) setDraft(value);
      return;
    }
    if (!result.ok) {
      setError(result.message);
      setWarning(null);
      return;
    }
    setError(null);
    setWarning(result.warning ?? null);
    if (result.value !== value) {
      written.current = result.value;
      onCommit(result.value);
    }
    if (settle && fieldNumber(raw) !== result.value) setDraft(result.value);
  };

  const flush = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const raw = pending.current;
    pending.current = null;
    if (raw !== null) evaluate(raw, true);
  };

  const onChange = (raw: number | string) => {
    setDraft(raw);
    if (debounceMs <= 0) {
      evaluate(raw, false);
      return;
    }
    pending.current = raw;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, debounceMs);
  };

  const onBlur = () => {
    if (pending.current !== null) flush();
    else if (error === null) {
      const result = check(draft);
      if (result.ok && fieldNumber(draft) !== result.value) setDraft(result.value);
    }
  };

  return (
    <div>
      <NumberInput
        label={label}
        aria-label={ariaLabel}
        value={draft}
        onChange={onChange}
        onBlur={onBlur}
        onKeyDown={(event) => event.key === 'Enter' && flush()}
        disabled={disabled}
        error={error}
        clampBehavior="none"
        allowDecimal={decimalScale !== undefined}
        decimalScale={decimalScale}
        size="xs"
      />
      {warning && (
        <Text role="alert" size="xs" c="orange.8" mt={4}>
          {warning}
        </Text>
      )}
    </div>
  );
}

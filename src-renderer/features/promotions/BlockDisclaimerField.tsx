import { Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { PROMOTION_DISCLAIMER_PLACEHOLDER } from '../../../shared/model';
import { STYLE_MESSAGES, checkDisclaimer, stripQuotes } from '../../../shared/rules/letter-styles';

/**
 * A promotion block's disclaimer (spec 2 §5): shown or not; required, at most 180
 * characters, and quotes are stripped as typed with the 'quotes not allowed' toast.
 */
export function BlockDisclaimerField(props: {
  display: boolean;
  value: string;
  disabled: boolean;
  onDisplay: (display: boolean) => void;
  onCommit: (value: string) => void;
}) {
  const { display, value, disabled, onDisplay, onCommit } = props;
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setDraft(value), [value]);

  const onChange = (raw: string) => {
    const { value: shown, stripped } = stripQuotes(raw);
    setDraft(shown);
    if (stripped) notifications.show({ color: 'red', message: STYLE_MESSAGES.quotesNotAllowed });
    const result = checkDisclaimer(shown);
    if (!result.ok) return setError(result.message);
    setError(null);
    if (result.value !== value) onCommit(result.value);
  };

  return (
    <>
      <Switch label="Show disclaimer" checked={display} disabled={disabled} onChange={(e) => onDisplay(e.currentTarget.checked)} />
      {display && (
        <TextInput
          label="Disclaimer"
          required
          placeholder={PROMOTION_DISCLAIMER_PLACEHOLDER}
          value={draft}
          error={error}
          disabled={disabled}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
    </>
  );
}

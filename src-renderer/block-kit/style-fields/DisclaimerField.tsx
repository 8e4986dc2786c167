import { Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { PROMOTION_DISCLAIMER_PLACEHOLDER } from '../../../shared/model';
import { STYLE_MESSAGES, checkDisclaimer, stripQuotes } from '../../../shared/rules/letter-styles';
import { useStylesEnvironment } from '../styles-context';

/**
 * The promotion disclaimer: quotes are stripped as they are typed with the spec's 'quotes
 * not allowed' notice; an empty or too long text shows why and is not written.
 */
export function DisclaimerField({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const { disabled } = useStylesEnvironment();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (written.current === value) return;
    written.current = null;
    setDraft(value);
    setError(null);
    setNotice(null);
  }, [value]);

  const onChange = (raw: string) => {
    // Quotes never stay in the field, whether or not the rest is valid.
    const { value: shown, stripped } = stripQuotes(raw);
    setDraft(shown);
    setNotice(stripped ? STYLE_MESSAGES.quotesNotAllowed : null);
    const result = checkDisclaimer(shown);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    if (result.value !== value) {
      written.current = result.value;
      onCommit(result.value);
    }
  };

  return (
    <div>
      <TextInput label="Disclaimer" placeholder={PROMOTION_DISCLAIMER_PLACEHOLDER} required value={draft} error={error} disabled={disabled} onChange={(event) => onChange(event.currentTarget.value)} size="xs" />
      {notice && (
        <Text role="alert" size="xs" c="red.7" mt={4}>
          {notice}
        </Text>
      )}
    </div>
  );
}

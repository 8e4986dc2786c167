import { Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { SPECIFIC_EMAILS_MAX, parseSpecificEmails, specificEmailsLeftOutMessage } from '../../../shared/rules/specific-emails';
import type { RootState } from '../../app/store';
import { stylesChanged } from '../../block-kit/composer-slice';
import { useSpecificEmailsLeftOutQuery } from './audience-api';

// The 'Specific emails' audience (99991) in the schedule step: the editor pastes or types
// addresses; the valid ones, lower-cased and de-duplicated, are kept in the letter's
// settings (`specificEmails`) and saved with them, and the platform sends to exactly those,
// except addresses that unsubscribed from the channel or bounced: the field says how many
// (asked of the platform for the saved list; offline it says nothing).

const SAVE_DELAY_MS = 400;

export function SpecificEmailsField({ brandSlug, channelSlug, disabled, error }: { brandSlug: string; channelSlug: string; disabled?: boolean; error?: string | null }) {
  const dispatch = useDispatch();
  const settings = useSelector((state: RootState) => state.composer.settings);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const [text, setText] = useState(() => (settings.specificEmails ?? []).join('\n'));
  const parsed = parseSpecificEmails(text);
  const tooMany = parsed.emails.length > SPECIFIC_EMAILS_MAX;
  const saved = settings.specificEmails ?? [];
  const { data: leftOut } = useSpecificEmailsLeftOutQuery({ brandSlug, channelSlug, emails: saved }, { skip: saved.length === 0 || saved.length > SPECIFIC_EMAILS_MAX });
  const leftOutMessage = leftOut && saved.length > 0 ? specificEmailsLeftOutMessage(leftOut) : null;

  useEffect(() => {
    if (tooMany) return;
    const emails = parsed.emails;
    const stored = settingsRef.current.specificEmails ?? [];
    if (emails.length === stored.length && emails.every((email, i) => email === stored[i])) return;
    const timer = setTimeout(() => {
      dispatch(stylesChanged({ settings: { ...settingsRef.current, specificEmails: emails }, field: 'specificEmails' }));
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // The list's text is what changes; its parse follows it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, tooMany, dispatch]);

  const problems = [
    parsed.invalid.length > 0 ? `Not email addresses (left out): ${parsed.invalid.slice(0, 5).join(', ')}${parsed.invalid.length > 5 ? ', …' : ''}` : null,
    tooMany ? `At most ${SPECIFIC_EMAILS_MAX} addresses; use a segment for more.` : null,
    error ?? null,
  ].filter((problem): problem is string => problem !== null);

  return (
    <div>
      <Textarea
        label="Email addresses"
        description="Paste or type addresses, separated by commas, spaces or new lines."
        withAsterisk
        rows={4}
        value={text}
        disabled={disabled}
        error={problems.length > 0 ? problems.join(' ') : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Text size="xs" c="dimmed" data-testid="specific-emails-count">
        {parsed.emails.length.toLocaleString()} {parsed.emails.length === 1 ? 'address' : 'addresses'}
        {parsed.duplicates > 0 ? ` (${parsed.duplicates} repeated left out)` : ''}
      </Text>
      {leftOutMessage && (
        <Text size="xs" c="orange.8" data-testid="specific-emails-left-out">
          {leftOutMessage}
        </Text>
      )}
    </div>
  );
}

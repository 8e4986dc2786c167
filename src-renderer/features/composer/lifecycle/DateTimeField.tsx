import { ActionIcon, TextInput, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { scheduleFieldId } from './schedule-field-id';
import { DATE_FIELD_FORMAT } from '../../../../shared/rules/schedule-dates';

export interface DateTimeFieldProps {
  value: string;
  /** The earliest choice, 'YYYY-MM-DD HH:mm' on the channel's clock. */
  min: string;
  zone: string;
  error?: string | undefined;
  disabled?: boolean;
  onChange: (text: string) => void;
  onBlur: () => void;
}

/**
 * Date and time in the spec's 'Y-m-d H:i', typed or picked. The picker is the platform's own
 * (a datetime-local input), which hands back 'YYYY-MM-DDTHH:mm' whatever the computer's
 * locale displays; the field itself always shows the spec's format.
 */
function CalendarIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </svg>
  );
}

export function DateTimeField({ value, min, zone, error, disabled, onChange, onBlur }: DateTimeFieldProps) {
  const picker = useRef<HTMLInputElement>(null);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    input.value = value.replace(' ', 'T');
    if (typeof input.showPicker === 'function') input.showPicker();
    else input.focus();
  };
  return (
    <>
      <TextInput
        label="Date and time"
        id={scheduleFieldId('publicationDate')}
        withAsterisk
        placeholder={DATE_FIELD_FORMAT}
        description={`In the channel's timezone (${zone}), from ${min.slice(0, 10)} on`}
        value={value}
        error={error}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={onBlur}
        rightSection={
          <Tooltip label="Pick a date and time">
            <ActionIcon variant="subtle" aria-label="Pick a date and time" disabled={disabled} onClick={openPicker}>
              <CalendarIcon />
            </ActionIcon>
          </Tooltip>
        }
      />
      <input
        ref={picker}
        type="datetime-local"
        aria-hidden
        tabIndex={-1}
        min={min.replace(' ', 'T')}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        onChange={(event) => {
          if (event.currentTarget.value) {
            onChange(event.currentTarget.value.replace('T', ' '));
            onBlur();
          }
        }}
      />
    </>
  );
}

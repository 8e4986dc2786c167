import { Alert, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';

// A secret an organization gives the platform (an email service's API key, an events
// service's token): typed into a password field, saved, and never shown again beyond what
// the platform says of it ('Saved, ending in 1a2b'); Remove when one is saved. The field is
// emptied once the platform has the secret. Each integration brings its calls and words.

/** What a save or remove came to: a line to show (green), or the reason it failed (red). */
export type SecretOutcome = { notice?: string } | { error: string };

export interface SecretKeyFormProps {
  /** The form's accessible name. */
  name?: string;
  /** Shown above the state line (a heading, a description). */
  header?: ReactNode;
  label: string;
  description?: string;
  loading: boolean;
  loadingLabel: string;
  /** Why the stored state could not be read, if it could not. */
  loadError: string | null;
  /** What the platform holds, in words ('Saved, ending in 1a2b'); nothing while unknown. */
  state: string | null;
  configured: boolean;
  saveLabel: string;
  removeLabel: string;
  disabled?: boolean;
  saving: boolean;
  removing: boolean;
  /** The value as the platform takes it, or the message under the field. */
  check: (value: string) => { value: string } | { message: string };
  onSave: (value: string) => Promise<SecretOutcome>;
  onRemove: () => Promise<SecretOutcome>;
}

export function SecretKeyForm(props: SecretKeyFormProps) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const show = (outcome: SecretOutcome) => setNotice('error' in outcome ? { color: 'red', text: outcome.error } : outcome.notice ? { color: 'green', text: outcome.notice } : null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const checked = props.check(value);
    if ('message' in checked) return setFieldError(checked.message);
    setFieldError(null);
    const outcome = await props.onSave(checked.value);
    show(outcome);
    // Never kept on screen once the platform has it.
    if (!('error' in outcome)) setValue('');
  }

  async function onRemove() {
    setNotice(null);
    show(await props.onRemove());
  }

  return (
    <Stack gap="sm" component="form" aria-label={props.name} onSubmit={(event) => void onSubmit(event)}>
      {props.header}
      {props.loading && <Loader size="sm" aria-label={props.loadingLabel} />}
      {props.loadError && (
        <Alert color="red" variant="light">
          {props.loadError}
        </Alert>
      )}
      {props.state !== null && <Text size="sm">{props.state}</Text>}
      <PasswordInput
        label={props.label}
        description={props.description}
        value={value}
        error={fieldError}
        autoComplete="off"
        onChange={(event) => setValue(event.currentTarget.value)}
      />
      <Group gap="sm">
        <Button type="submit" loading={props.saving} disabled={props.disabled}>
          {props.saveLabel}
        </Button>
        {props.configured && (
          <Button variant="default" color="red" loading={props.removing} onClick={() => void onRemove()}>
            {props.removeLabel}
          </Button>
        )}
      </Group>
      {notice && (
        <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'}>
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}

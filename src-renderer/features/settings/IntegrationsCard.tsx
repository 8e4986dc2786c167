import { Alert, Button, Group, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SaveIterableIntegrationSchema } from '../../../shared/contract/platform-iterable';
import type { Organization } from '../../../shared/model/channel';
import { errorMessage } from '../../app/bridge-errors';
import { useGetIterableKeyQuery, useRemoveIterableKeyMutation, useSaveIterableKeyMutation } from './iterable-key-api';

// Settings → Integrations (issue 32): the organization's Iterable API key, which Iterable
// letters are sent with. Owners and admins set and remove it (the platform enforces it too);
// once saved it is never shown again, only its last four characters.

export const ITERABLE_KEY_REMOVED = 'Your Iterable API key is removed.';
export const savedEnding = (ending: string) => `Saved, ending in ${ending}`;

const manages = (organization: Organization) => organization.role === 'owner' || organization.role === 'admin';

function IterableKey({ organization, titled }: { organization: Organization; titled: boolean }) {
  const brandSlug = organization.slug;
  const stored = useGetIterableKeyQuery({ brandSlug }, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveIterableKeyMutation();
  const [remove, removing] = useRemoveIterableKeyMutation();
  const [apiKey, setApiKey] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const checked = SaveIterableIntegrationSchema.safeParse({ apiKey });
    if (!checked.success) return setFieldError(checked.error.issues[0]?.message ?? 'Enter your Iterable API key.');
    setFieldError(null);
    const result = await save({ brandSlug, apiKey: checked.data.apiKey });
    if ('error' in result) return setNotice({ color: 'red', text: errorMessage(result.error, 'The key could not be saved.') });
    // Never kept on screen once the platform has it.
    setApiKey('');
  }

  async function onRemove() {
    setNotice(null);
    const result = await remove({ brandSlug });
    setNotice('error' in result ? { color: 'red', text: errorMessage(result.error, 'The key could not be removed.') } : { color: 'green', text: ITERABLE_KEY_REMOVED });
  }

  return (
    <Stack gap="sm" component="form" aria-label={`Iterable API key of ${organization.name}`} onSubmit={(event) => void onSubmit(event)}>
      {titled && (
        <Title order={3} size="h5">
          {organization.name}
        </Title>
      )}
      {stored.isLoading && <Loader size="sm" aria-label={`Loading the Iterable API key of ${organization.name}`} />}
      {stored.error && (
        <Alert color="red" variant="light">
          {errorMessage(stored.error, 'The Iterable API key could not be read.')}
        </Alert>
      )}
      {stored.data?.configured && <Text size="sm">{savedEnding(stored.data.keyEnding ?? '')}</Text>}
      <PasswordInput
        label="Iterable API key"
        description="A server-side key of your Iterable project."
        value={apiKey}
        error={fieldError}
        autoComplete="off"
        onChange={(event) => setApiKey(event.currentTarget.value)}
      />
      <Group gap="sm">
        <Button type="submit" loading={saving.isLoading}>
          Save key
        </Button>
        {stored.data?.configured && (
          <Button variant="default" color="red" loading={removing.isLoading} onClick={() => void onRemove()}>
            Remove
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

/** The organizations the user owns or administers; nothing for the others. */
export function IntegrationsCard({ organizations }: { organizations: readonly Organization[] }) {
  const managed = organizations.filter(manages);
  if (managed.length === 0) return null;
  return (
    <Paper maw={640} m="md" p="lg" withBorder component="section" aria-label="Integrations">
      <Stack>
        <div>
          <Title order={2}>Integrations</Title>
          <Text size="sm" c="dimmed">
            Letters whose email service is Iterable are sent through Iterable with this key, and their opens and clicks are read back from it.
          </Text>
        </div>
        {managed.map((organization) => (
          <IterableKey key={organization.slug} organization={organization} titled={managed.length > 1} />
        ))}
      </Stack>
    </Paper>
  );
}

import { Alert, Button, Group, Loader, Paper, PasswordInput, Select, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SaveEvvntIntegrationSchema } from '../../../shared/contract/platform-link-content';
import { useGetSessionQuery } from '../../app/session-api';
import { failureText, useGetEvvntIntegrationQuery, useRemoveEvvntIntegrationMutation, useSaveEvvntIntegrationMutation } from './link-content-api';
import { ScreenFrame } from '../../ui/ScreenFrame';

// Settings → Integrations (/settings/integrations): the organization's Evvnt token, which
// the events block uses. The platform keeps it and only ever shows its last four characters.

export const EVVNT_TOKEN_SAVED = 'Your Evvnt token is saved.';
export const EVVNT_TOKEN_REMOVED = 'Your Evvnt token is removed.';

export function IntegrationsPage() {
  const session = useGetSessionQuery();
  const organizations = session.data?.organizations ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const brandSlug = chosen ?? organizations[0]?.slug ?? '';
  const stored = useGetEvvntIntegrationQuery({ brandSlug }, { skip: brandSlug === '', refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveEvvntIntegrationMutation();
  const [remove, removing] = useRemoveEvvntIntegrationMutation();
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const checked = SaveEvvntIntegrationSchema.safeParse({ token });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Enter your Evvnt token.');
    setError(null);
    const result = await save({ brandSlug, token: checked.data.token });
    if ('error' in result) return setNotice({ color: 'red', text: failureText(result.error, 'The token could not be saved.') });
    setToken('');
    setNotice({ color: 'green', text: EVVNT_TOKEN_SAVED });
  }

  async function onRemove() {
    setNotice(null);
    const result = await remove({ brandSlug });
    setNotice('error' in result ? { color: 'red', text: failureText(result.error, 'The token could not be removed.') } : { color: 'green', text: EVVNT_TOKEN_REMOVED });
  }

  return (
    <ScreenFrame title="Integrations" maw={640}>
      <Select
        label="Organization"
        data={organizations.map((organization) => ({ value: organization.slug, label: organization.name }))}
        value={brandSlug || null}
        allowDeselect={false}
        onChange={(slug) => {
          setChosen(slug);
          setNotice(null);
        }}
      />
      <Paper withBorder p="md">
        <Stack gap="sm" component="form" onSubmit={(event) => void onSubmit(event)}>
          <Title order={2} size="h4">
            Evvnt
          </Title>
          <Text size="sm" c="dimmed">
            The events block lists your Evvnt events with this token.
          </Text>
          {stored.isLoading && <Loader size="sm" aria-label="Loading the Evvnt integration" />}
          {stored.error && (
            <Alert color="red" variant="light">
              {failureText(stored.error, 'The integration could not be read.')}
            </Alert>
          )}
          {stored.data && (
            <Text size="sm">{stored.data.configured ? `A token ending in ${stored.data.tokenEnding ?? ''} is saved.` : 'No Evvnt token is saved.'}</Text>
          )}
          <PasswordInput label="Evvnt token" value={token} error={error} autoComplete="off" onChange={(event) => setToken(event.currentTarget.value)} />
          <Group gap="sm">
            <Button type="submit" loading={saving.isLoading} disabled={brandSlug === ''}>
              Save token
            </Button>
            {stored.data?.configured && (
              <Button variant="default" color="red" loading={removing.isLoading} onClick={() => void onRemove()}>
                Remove token
              </Button>
            )}
          </Group>
          {notice && (
            <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'}>
              {notice.text}
            </Alert>
          )}
        </Stack>
      </Paper>
    </ScreenFrame>
  );
}

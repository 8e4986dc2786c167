import { Paper, Stack, Text, Title } from '@mantine/core';
import { SaveIterableIntegrationSchema } from '../../../shared/contract/platform-iterable';
import type { Organization } from '../../../shared/model/channel';
import { errorMessage } from '../../app/bridge-errors';
import { useGetSessionQuery } from '../../app/session-api';
import { SecretKeyForm, type SecretOutcome } from '../../ui/SecretKeyForm';
import { useGetIterableKeyQuery, useRemoveIterableKeyMutation, useSaveIterableKeyMutation } from './iterable-key-api';

// Integrations (issue 32): the organization's Iterable API key, which Iterable
// letters are sent with. Owners and admins set and remove it (the platform enforces it too);
// once saved it is never shown again, only its last four characters.

export const ITERABLE_KEY_REMOVED = 'Your Iterable API key is removed.';
/** The Iterable section for the signed-in user's organizations. */
export function IterableIntegration() {
  const session = useGetSessionQuery();
  return <IntegrationsCard organizations={session.data?.organizations ?? []} />;
}

export const savedEnding = (ending: string) => `Saved, ending in ${ending}`;

const manages = (organization: Organization) => organization.role === 'owner' || organization.role === 'admin';

function IterableKey({ organization, titled }: { organization: Organization; titled: boolean }) {
  const brandSlug = organization.slug;
  const stored = useGetIterableKeyQuery({ brandSlug }, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveIterableKeyMutation();
  const [remove, removing] = useRemoveIterableKeyMutation();
  return (
    <SecretKeyForm
      name={`Iterable API key of ${organization.name}`}
      header={
        titled && (
          <Title order={3} size="h5">
            {organization.name}
          </Title>
        )
      }
      label="Iterable API key"
      description="A server-side key of your Iterable project."
      loading={stored.isLoading}
      loadingLabel={`Loading the Iterable API key of ${organization.name}`}
      loadError={stored.error ? errorMessage(stored.error, 'The Iterable API key could not be read.') : null}
      state={stored.data?.configured ? savedEnding(stored.data.keyEnding ?? '') : null}
      configured={stored.data?.configured === true}
      saveLabel="Save key"
      removeLabel="Remove"
      saving={saving.isLoading}
      removing={removing.isLoading}
      check={(apiKey) => {
        const checked = SaveIterableIntegrationSchema.safeParse({ apiKey });
        return checked.success ? { value: checked.data.apiKey } : { message: checked.error.issues[0]?.message ?? 'Enter your Iterable API key.' };
      }}
      onSave={async (apiKey): Promise<SecretOutcome> => {
        const result = await save({ brandSlug, apiKey });
        return 'error' in result ? { error: errorMessage(result.error, 'The key could not be saved.') } : {};
      }}
      onRemove={async (): Promise<SecretOutcome> => {
        const result = await remove({ brandSlug });
        return 'error' in result ? { error: errorMessage(result.error, 'The key could not be removed.') } : { notice: ITERABLE_KEY_REMOVED };
      }}
    />
  );
}

/** The organizations the user owns or administers; nothing for the others. On the Integrations screen, beside Evvnt. */
export function IntegrationsCard({ organizations }: { organizations: readonly Organization[] }) {
  const managed = organizations.filter(manages);
  if (managed.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Iterable">
      <Stack>
        <div>
          <Title order={2} size="h4">
            Iterable
          </Title>
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

import { Paper, Select, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { SaveEvvntIntegrationSchema } from '../../../shared/contract/platform-link-content';
import { useGetSessionQuery } from '../../app/session-api';
import { failureText, useGetEvvntIntegrationQuery, useRemoveEvvntIntegrationMutation, useSaveEvvntIntegrationMutation } from './link-content-api';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { SecretKeyForm, type SecretOutcome } from '../../ui/SecretKeyForm';

// Settings → Integrations (/settings/integrations): the organization's Evvnt token, which
// the events block uses, and below it what other features put there (the Iterable API key).
// The platform keeps each secret and only ever shows its last four characters.

export const EVVNT_TOKEN_SAVED = 'Your Evvnt token is saved.';
export const EVVNT_TOKEN_REMOVED = 'Your Evvnt token is removed.';

/** `children`: the other services' sections (the email service provider's, from another feature). */
export function IntegrationsPage({ children }: { children?: ReactNode }) {
  const session = useGetSessionQuery();
  const organizations = session.data?.organizations ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const brandSlug = chosen ?? organizations[0]?.slug ?? '';
  const stored = useGetEvvntIntegrationQuery({ brandSlug }, { skip: brandSlug === '', refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveEvvntIntegrationMutation();
  const [remove, removing] = useRemoveEvvntIntegrationMutation();

  return (
    <ScreenFrame title="Integrations" maw={640}>
      <Select
        label="Organization"
        data={organizations.map((organization) => ({ value: organization.slug, label: organization.name }))}
        value={brandSlug || null}
        allowDeselect={false}
        onChange={setChosen}
      />
      <Paper withBorder p="md">
        {/* Keyed by organization: another's form starts empty, without the last one's notice. */}
        <SecretKeyForm
          key={brandSlug}
          header={
            <>
              <Title order={2} size="h4">
                Evvnt
              </Title>
              <Text size="sm" c="dimmed">
                The events block lists your Evvnt events with this token.
              </Text>
            </>
          }
          label="Evvnt token"
          loading={stored.isLoading}
          loadingLabel="Loading the Evvnt integration"
          loadError={stored.error ? failureText(stored.error, 'The integration could not be read.') : null}
          state={stored.data ? (stored.data.configured ? `A token ending in ${stored.data.tokenEnding ?? ''} is saved.` : 'No Evvnt token is saved.') : null}
          configured={stored.data?.configured === true}
          saveLabel="Save token"
          removeLabel="Remove token"
          disabled={brandSlug === ''}
          saving={saving.isLoading}
          removing={removing.isLoading}
          check={(token) => {
            const checked = SaveEvvntIntegrationSchema.safeParse({ token });
            return checked.success ? { value: checked.data.token } : { message: checked.error.issues[0]?.message ?? 'Enter your Evvnt token.' };
          }}
          onSave={async (token): Promise<SecretOutcome> => {
            const result = await save({ brandSlug, token });
            return 'error' in result ? { error: failureText(result.error, 'The token could not be saved.') } : { notice: EVVNT_TOKEN_SAVED };
          }}
          onRemove={async (): Promise<SecretOutcome> => {
            const result = await remove({ brandSlug });
            return 'error' in result ? { error: failureText(result.error, 'The token could not be removed.') } : { notice: EVVNT_TOKEN_REMOVED };
          }}
        />
      </Paper>
      {children}
    </ScreenFrame>
  );
}

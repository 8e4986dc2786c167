import { Alert, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { FeatureFlagName } from '../../../shared/model/feature-flags';
import { FEATURE_FLAG_DETAILS } from '../../../shared/model/feature-flags';
import type { Organization } from '../../../shared/model/channel';
import { errorMessage } from '../../app/bridge-errors';
import { useGetOrganizationFeaturesQuery, useSetOrganizationFeatureMutation } from './features-api';

// Settings → Features (issue 37): each feature flag the spec names, as the organization has
// it, with a switch. Owners and admins switch them for the organization and all its
// channels; other members see them as they are. The platform decides who may (canChange).

export const FEATURES_READ_ONLY = 'Only owners and admins of the organization can change these.';

function OrganizationFeatures({ organization, titled }: { organization: Organization; titled: boolean }) {
  const features = useGetOrganizationFeaturesQuery({ brandSlug: organization.slug }, { refetchOnMountOrArgChange: true });
  const [setFeature] = useSetOrganizationFeatureMutation();
  const [pending, setPending] = useState<FeatureFlagName | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const canChange = features.data?.canChange === true;

  async function toggle(name: FeatureFlagName, enabled: boolean) {
    setPending(name);
    setFailure(null);
    const result = await setFeature({ brandSlug: organization.slug, name, enabled });
    setPending(null);
    if ('error' in result) setFailure(errorMessage(result.error, `${FEATURE_FLAG_DETAILS[name].label} could not be changed.`));
  }

  return (
    <Stack gap="sm" component="section" aria-label={`Features of ${organization.name}`}>
      {titled && (
        <Title order={3} size="h5">
          {organization.name}
        </Title>
      )}
      {features.isLoading && <Loader size="sm" aria-label={`Loading the features of ${organization.name}`} />}
      {features.error && (
        <Alert color="red" variant="light">
          {errorMessage(features.error, 'The features could not be read.')}
        </Alert>
      )}
      {failure && (
        <Alert color="red" variant="light" role="alert">
          {failure}
        </Alert>
      )}
      {features.data && !canChange && (
        <Text size="sm" c="dimmed">
          {FEATURES_READ_ONLY}
        </Text>
      )}
      {features.data?.items.map((flag) => (
        <Switch
          key={flag.name}
          label={FEATURE_FLAG_DETAILS[flag.name].label}
          description={FEATURE_FLAG_DETAILS[flag.name].description}
          checked={flag.enabled}
          disabled={!canChange || pending !== null}
          onChange={(event) => void toggle(flag.name, event.currentTarget.checked)}
        />
      ))}
    </Stack>
  );
}

/** Every organization the user belongs to; nothing before sign-in. */
export function FeaturesCard({ organizations }: { organizations: readonly Organization[] }) {
  const members = organizations.filter((organization) => organization.role !== 'advertiser');
  if (members.length === 0) return null;
  return (
    <Paper maw={640} m="md" p="lg" withBorder>
      <Stack>
        <div>
          <Title order={2}>Features</Title>
          <Text size="sm" c="dimmed">
            What the organization's editors are offered. A change applies to every channel of the organization.
          </Text>
        </div>
        {members.map((organization) => (
          <OrganizationFeatures key={organization.slug} organization={organization} titled={members.length > 1} />
        ))}
      </Stack>
    </Paper>
  );
}

import { Alert, Anchor, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { sendingDomainsPath } from '../../../shared/app-paths';
import type { Organization } from '../../../shared/model/channel';
import { errorMessage } from '../../app/bridge-errors';
import { useGetDeliverabilityChecksQuery } from './deliverability-api';

// Settings → Deliverability: what the platform sees keeping an organization's mail from the
// inbox (no verified domain, a channel From an unverified one, no https for one-click
// unsubscribe, the default From), shown to its owners and admins: theirs to fix.

export const ALL_CLEAR = 'Nothing the platform can see keeps this organization’s mail from the inbox.';

const manages = (organization: Organization) => organization.role === 'owner' || organization.role === 'admin';

function OrganizationChecks({ organization, titled }: { organization: Organization; titled: boolean }) {
  const checks = useGetDeliverabilityChecksQuery({ brandSlug: organization.slug }, { refetchOnMountOrArgChange: true });
  return (
    <Stack gap="xs" component="section" aria-label={`Deliverability of ${organization.name}`}>
      {titled && (
        <Title order={3} size="h5">
          {organization.name}
        </Title>
      )}
      {checks.isLoading && <Loader size="sm" aria-label={`Checking the deliverability of ${organization.name}`} />}
      {checks.error && (
        <Alert color="red" variant="light">
          {errorMessage(checks.error, 'The deliverability checks could not be read.')}
        </Alert>
      )}
      {checks.data && checks.data.length === 0 && (
        <Text size="sm" c="teal">
          <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {ALL_CLEAR}
        </Text>
      )}
      {checks.data && checks.data.length > 0 && (
        // The count in the body, not as the alert's title: a yellow title on its tint reads at 2.8:1 (axe).
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Text size="sm" fw={600} mb={4}>
            {`${checks.data.length === 1 ? 'One thing needs' : `${checks.data.length} things need`} attention`}
          </Text>
          <List size="sm" spacing={4}>
            {checks.data.map((check) => (
              <List.Item key={`${check.code} ${check.message}`}>{check.message}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Anchor component={Link} to={sendingDomainsPath(organization.slug)} size="sm">
        Open Sending domains
      </Anchor>
    </Stack>
  );
}

/** Nothing for a user who owns or administers no organization: the checks are not theirs to act on. */
export function DeliverabilityCard({ organizations }: { organizations: readonly Organization[] }) {
  const managed = organizations.filter(manages);
  if (managed.length === 0) return null;
  return (
    <Paper maw={640} m="md" p="lg" withBorder>
      <Stack>
        <div>
          <Title order={2}>Deliverability</Title>
          <Text size="sm" c="dimmed">
            Checked by the platform each time this opens: what stands between your letters and the inbox.
          </Text>
        </div>
        {managed.map((organization) => (
          <OrganizationChecks key={organization.slug} organization={organization} titled={managed.length > 1} />
        ))}
      </Stack>
    </Paper>
  );
}

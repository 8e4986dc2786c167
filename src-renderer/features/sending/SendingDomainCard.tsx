import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { SendingDomain } from '../../../shared/contract/platform-sending';
import { formatDateTime } from '../../../shared/rules/display-dates';
import { errorMessage } from '../../app/bridge-errors';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { DnsRecordsTable } from './DnsRecordsTable';
import { useCheckSendingDomainMutation, useRemoveSendingDomainMutation, useRotateDkimKeyMutation } from './sending-domains-api';

// One sending domain: whether it is verified, its records, and (for owners and admins)
// Check DNS, Rotate DKIM key and Remove. A refusal shows the platform's sentence here.

export const VERIFIED_LABEL = 'Verified';
export const NOT_VERIFIED_LABEL = 'Not verified';

/** An organization's domain belongs to no channel: on this computer's clock. */
const when = (iso: string): string => formatDateTime(iso);

export function SendingDomainCard({ brandSlug, domain, canManage }: { brandSlug: string; domain: SendingDomain; canManage: boolean }) {
  const titleId = useId();
  const [check, checking] = useCheckSendingDomainMutation();
  const [rotate, rotating] = useRotateDkimKeyMutation();
  const [remove, removing] = useRemoveSendingDomainMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const rotationWaiting = domain.records.some((record) => record.kind === 'dkim-next');

  async function run(action: () => Promise<{ error?: unknown }>, fallback: string) {
    setFailure(null);
    const result = await action();
    if (result.error) setFailure(errorMessage(result.error, fallback));
  }

  async function onRemove() {
    setRemoveError(null);
    const result = await remove({ brandSlug, id: domain.id });
    if (result.error) setRemoveError(errorMessage(result.error, 'The domain was not removed.'));
    else setConfirming(false);
  }

  return (
    <Paper withBorder p="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={2} size="h4" id={titleId}>
                {domain.domain}
              </Title>
              <Badge color={domain.verified ? 'teal' : 'red.9'} variant={domain.verified ? 'light' : 'filled'}>
                {domain.verified ? VERIFIED_LABEL : NOT_VERIFIED_LABEL}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              Bounces return to {domain.returnPathDomain}. Signing key: {domain.dkimSelector}.{' '}
              {domain.checkedAt ? `Last checked ${when(domain.checkedAt)}.` : 'Not checked yet: publish the records below, then press Check DNS.'}
            </Text>
          </Stack>
          {canManage && (
            <Group gap="xs">
              <Button leftSection={<IconRefresh size={16} />} loading={checking.isLoading} onClick={() => void run(() => check({ brandSlug, id: domain.id }), 'DNS could not be checked.')}>
                Check DNS
              </Button>
              <Button
                variant="default"
                leftSection={<IconKey size={16} />}
                loading={rotating.isLoading}
                disabled={rotationWaiting}
                title={rotationWaiting ? 'The next key waits for its DNS record: publish it and press Check DNS.' : undefined}
                onClick={() => void run(() => rotate({ brandSlug, id: domain.id }), 'The key was not rotated.')}
              >
                Rotate DKIM key
              </Button>
              <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
                Remove
              </Button>
            </Group>
          )}
        </Group>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        {rotationWaiting && (
          <Alert color="blue" variant="light">
            A new DKIM key is waiting: publish the “DKIM, next key” record, then press Check DNS. It signs from then on, and the current key is kept for a week.
          </Alert>
        )}
        <DnsRecordsTable domain={domain.domain} records={domain.records} />
      </Stack>
      <ConfirmDeleteDialog
        opened={confirming}
        title={`Remove ${domain.domain}?`}
        message="Mail from this domain will no longer be signed with its key. Channels must send from another domain first."
        confirmLabel="Remove"
        loading={removing.isLoading}
        error={removeError}
        onConfirm={() => void onRemove()}
        onCancel={() => {
          setConfirming(false);
          setRemoveError(null);
        }}
      />
    </Paper>
  );
}

import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import type { DashboardRequest } from '../../../shared/contract/bridge-dashboards';
import { useShareDashboardMutation } from './dashboards-api';
import { formatDate } from '../../../shared/rules/display-dates';

/**
 * An embedded dashboard (spec 1 §7 'audience/metrics'): a read-only page of this view's
 * numbers on the platform, opened by its link alone until the link expires.
 */
export function ShareDialog({ view }: { view: DashboardRequest }) {
  const [opened, setOpened] = useState(false);
  const [share, sharing] = useShareDashboardMutation();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const openDialog = async () => {
    setOpened(true);
    setLink(null);
    setError(null);
    const result = await share(view);
    if ('error' in result) setError((result.error as { message?: string }).message ?? 'The link could not be made.');
    else setLink(result.data);
  };
  return (
    <>
      <Button variant="default" leftSection={<IconShare size={16} aria-hidden />} onClick={() => void openDialog()} loading={sharing.isLoading}>
        Share
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Share this dashboard">
        <Stack>
          {error && (
            <Text c="red.8" role="alert">
              {error}
            </Text>
          )}
          {link && (
            <>
              <Text size="sm">Anyone with this link sees these numbers, read-only, until {formatDate(link.expiresAt)}. It can be embedded in another page.</Text>
              <TextInput label="Dashboard link" value={link.url} readOnly onFocus={(event) => event.currentTarget.select()} />
              <Group justify="flex-end">
                <CopyButton value={link.url}>
                  {({ copied, copy }) => (
                    <Button onClick={copy} color={copied ? 'teal' : undefined}>
                      {copied ? 'Copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </>
          )}
          {!link && !error && <Text size="sm">Making the link…</Text>}
        </Stack>
      </Modal>
    </>
  );
}

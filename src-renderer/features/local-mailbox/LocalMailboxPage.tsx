import { Alert, Button, Group, Loader, NavLink, Paper, ScrollArea, Text } from '@mantine/core';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { KeptEmail } from './KeptEmail';
import { useListLocalMailboxQuery } from './local-mailbox-api';
import { ScreenFrame } from '../../ui/ScreenFrame';

/**
 * The platform's local mailbox: the emails it kept instead of sending because it has no
 * mail server (test emails, and scheduled sends on a machine without one). Each is shown as
 * it would arrive, in a sandboxed frame (KeptEmail.tsx): its markup never runs scripts in the
 * app, and viewing it is not counted as the reader's open.
 */
export function LocalMailboxPage() {
  const { data, isFetching, error, refetch } = useListLocalMailboxQuery(undefined, { refetchOnMountOrArgChange: true });
  const [chosenId, setChosenId] = useState<number | null>(null);
  const items = data?.items ?? [];
  const chosen = items.find((item) => item.id === chosenId) ?? items[0] ?? null;

  return (
    <ScreenFrame
      title="Local mailbox"
      actions={
        <Button variant="default" leftSection={<IconRefresh size={16} />} loading={isFetching} onClick={() => void refetch()}>
          Refresh
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {data?.smtpConfigured
          ? 'The platform has a mail server set up, so it emails for real. Emails it kept before that are listed here.'
          : 'The platform has no mail server set up, so the emails it would send (test emails and newsletters) are kept here. None of them left the machine.'}
      </Text>
      {error && <Alert color="red">{'message' in error ? String(error.message) : 'The local mailbox could not be read.'}</Alert>}
      {!data && isFetching && <Loader aria-label="Loading the local mailbox" />}
      {data && items.length === 0 && <Text>The local mailbox is empty.</Text>}
      {chosen && (
        <Group align="flex-start" gap="md" wrap="nowrap">
          <Paper withBorder w={320} style={{ flexShrink: 0 }}>
            <ScrollArea.Autosize mah="70vh">
              <nav aria-label="Kept emails">
                {items.map((item) => (
                  <NavLink
                    key={item.id}
                    active={item.id === chosen.id}
                    onClick={() => setChosenId(item.id)}
                    leftSection={<IconMail size={16} />}
                    label={item.subject || '(no subject)'}
                    description={`To ${item.to} · ${dayjs(item.createdAt).format('MMM D, YYYY h:mm a')}`}
                  />
                ))}
              </nav>
            </ScrollArea.Autosize>
          </Paper>
          <KeptEmail message={chosen} />
        </Group>
      )}
    </ScreenFrame>
  );
}

import { Alert, Button, Group, Loader, NavLink, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { LocalMailboxMessage } from '../../../shared/contract/local-mailbox';
import { useListLocalMailboxQuery, useLocalMailboxPreviewQuery } from './local-mailbox-api';
import { MAILBOX_PREVIEW_SANDBOX, mailboxPreviewDocument } from './preview-document';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { formatDateTime } from '../../../shared/rules/display-dates';

/**
 * The platform's local mailbox: the emails it kept instead of sending because it has no
 * mail server (test emails, and scheduled sends on a machine without one). Each is shown as
 * it would arrive, in a sandboxed frame: its markup never runs scripts in the app. What the
 * frame shows is the platform's preview of it, so looking at a kept send counts no open for
 * its reader and its links (opened outside the app) count no click.
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
            {/* Reachable by keyboard, so the list scrolls with the arrow keys too (axe scrollable-region-focusable). */}
            <ScrollArea.Autosize mah="70vh" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Kept emails, scrollable' }}>
              <nav aria-label="Kept emails">
                {items.map((item) => (
                  <NavLink
                    key={item.id}
                    active={item.id === chosen.id}
                    onClick={() => setChosenId(item.id)}
                    leftSection={<IconMail size={16} />}
                    label={item.subject || '(no subject)'}
                    description={`To ${item.to} · ${formatDateTime(item.createdAt)}`}
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

function KeptEmail({ message }: { message: LocalMailboxMessage }) {
  // currentData: never the previous email's preview while the chosen one loads.
  const { currentData: preview, error, isFetching } = useLocalMailboxPreviewQuery(message.id);
  const shown = useMemo(() => (preview ? mailboxPreviewDocument(preview.html) : null), [preview]);
  return (
    <Paper withBorder p="md" style={{ flex: 1, minWidth: 0 }} aria-label="Kept email" component="section">
      <Stack gap={4} mb="sm">
        <Title order={3}>{message.subject || '(no subject)'}</Title>
        <Text size="sm">{`From ${message.from}`}</Text>
        <Text size="sm">{`To ${message.to}`}</Text>
        <Text size="sm" c="dimmed">
          {formatDateTime(message.createdAt)}
        </Text>
        <Text size="xs" c="dimmed">
          Viewing it here counts no open, and its links open in your browser without counting a click.
        </Text>
      </Stack>
      {error && <Alert color="red">{'message' in error ? String(error.message) : 'This email could not be shown.'}</Alert>}
      {!shown && isFetching && <Loader aria-label="Loading the email" />}
      {/* Sandboxed: no scripts, no forms, no navigation of the app; links open in a new tab or the system browser. */}
      {shown !== null && (
        <iframe
          title="Kept email content"
          sandbox={MAILBOX_PREVIEW_SANDBOX}
          srcDoc={shown}
          style={{ width: '100%', height: '70vh', border: 0, background: '#fff' }}
        />
      )}
    </Paper>
  );
}

import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileExport } from '@tabler/icons-react';
import { useState } from 'react';
import type { DashboardExportAsk } from '../../../shared/contract/bridge-dashboards';
import { DashboardExportKindSchema, type DashboardExportKind } from '../../../shared/contract/platform-dashboards';
import { useExportDashboardMutation } from './dashboards-api';

const KINDS: { value: DashboardExportKind; label: string }[] = [
  { value: 'active-subscribers', label: 'Active subscribers' },
  { value: 'clicks', label: 'Clicks per day' },
  { value: 'letters', label: 'Letters sent' },
];

/** Addresses typed with commas, semicolons, spaces or new lines between them. */
export const splitAddresses = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

/**
 * Spec 3 §7 exports: the view's card as a CSV, emailed by the platform to the addresses
 * given. The dialog says it was queued; the file arrives by email.
 */
export function ExportDialog({ view }: { view: Omit<DashboardExportAsk, 'kind' | 'emails'> }) {
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<DashboardExportKind>('letters');
  const [emails, setEmails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [queue, queuing] = useExportDashboardMutation();
  const close = () => {
    setOpened(false);
    setError(null);
  };
  const submit = async () => {
    const result = await queue({ ...view, kind, emails: splitAddresses(emails) });
    if ('error' in result) {
      const failure = result.error as { message?: string; fields?: Record<string, string[]> };
      const field = Object.entries(failure.fields ?? {}).find(([name]) => name.startsWith('emails'))?.[1]?.[0];
      setError(field ?? failure.message ?? 'The export could not be queued.');
      return;
    }
    notifications.show({ color: 'teal', title: 'Export queued', message: result.data.message });
    setEmails('');
    close();
  };
  return (
    <>
      <Button variant="default" leftSection={<IconFileExport size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Export
      </Button>
      <Modal opened={opened} onClose={close} title="Export as CSV">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">The platform builds the file for this dashboard&apos;s period and channels and emails it to the addresses below.</Text>
            <Select
              label="Data"
              data={KINDS}
              value={kind}
              allowDeselect={false}
              onChange={(value) => setKind(DashboardExportKindSchema.parse(value))}
            />
            <TextInput
              label="Email addresses"
              description="Separate several addresses with commas."
              value={emails}
              onChange={(event) => {
                setEmails(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={queuing.isLoading}>
                Send export
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

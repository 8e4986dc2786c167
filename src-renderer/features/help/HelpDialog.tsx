import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { helpPath } from '../../../shared/app-paths';
import { ShortcutsTable, currentHost, shortcutsNote } from './host-shortcuts';

/**
 * Letterdesk help (the Help menu's 'Letterdesk Help', the header's Help button): the
 * shortcuts of the host the editor is in, read from the command registry so they cannot go
 * stale, and the way to the product's own help page.
 */
export function HelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const host = currentHost();
  return (
    <Modal opened={opened} onClose={onClose} title="Letterdesk help" size="lg">
      <Stack gap="md">
        <Text size="sm">
          Build a letter from blocks in the composer, style it in the Styles tab, then choose Preview and schedule to pick its audience,
          date and subject. Everything you type is saved on this computer first and reaches the platform when it can.
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconBook size={16} />}
            onClick={() => {
              onClose();
              void navigate(helpPath);
            }}
          >
            Open the help page
          </Button>
        </Group>
        <div>
          <Title order={3} size="h4" mb="xs">
            Keyboard shortcuts
          </Title>
          <Text size="sm" c="dimmed" mb="xs">
            {shortcutsNote(host)}
          </Text>
          <ShortcutsTable host={host} />
        </div>
      </Stack>
    </Modal>
  );
}

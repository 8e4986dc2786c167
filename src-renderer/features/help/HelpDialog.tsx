import { Code, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { COMMANDS, type CommandDeclaration, type CommandId } from '../../../shared/commands';
import { shortcutLabel } from '../../app/command-bus';

/** Every shortcut a user can press here: development-only ones (reload, devtools) are left out. */
export function helpShortcuts(): Array<{ id: CommandId; label: string; shortcut: string }> {
  return (COMMANDS as readonly CommandDeclaration[])
    .filter((c) => c.accelerator && !c.developmentOnly)
    .map((c) => ({ id: c.id as CommandId, label: c.label, shortcut: shortcutLabel(c.id as CommandId) }));
}

/**
 * Letterdesk help (the Help menu's 'Letterdesk Help', the header's Help button): the
 * shortcuts, read from the command registry so they cannot go stale, and where the guide is.
 */
export function HelpDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Letterdesk help" size="lg">
      <Stack gap="md">
        <Text size="sm">
          Build a letter from blocks in the composer, style it in the Styles tab, then choose Preview and schedule to pick its audience,
          date and subject. Everything you type is saved on this computer first and reaches the platform when it can.
        </Text>
        <div>
          <Title order={4} mb="xs">
            Keyboard shortcuts
          </Title>
          <Table striped withTableBorder aria-label="Keyboard shortcuts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Command</Table.Th>
                <Table.Th>Shortcut</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {helpShortcuts().map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.label}</Table.Td>
                  <Table.Td>
                    <Code>{row.shortcut}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
        <div>
          <Title order={4} mb="xs">
            Where the guide is
          </Title>
          <Text size="sm">
            The full guide is the section “Using the app” of Letterdesk’s README, with its settings table; how the app is built is in
            <Code>docs/architecture.md</Code> and the choices behind it in <Code>docs/decisions.md</Code>, all in Letterdesk’s source folder.
          </Text>
        </div>
      </Stack>
    </Modal>
  );
}

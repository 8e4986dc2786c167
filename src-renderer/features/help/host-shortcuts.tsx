import { Code, Table } from '@mantine/core';
import { acceleratorLabel, hostShortcutCommands, type CommandHost } from '../../../shared/commands';
import { getBridge } from '../../app/bridge';
import { currentPlatform } from '../../app/command-bus';

// The shortcuts of the host the editor is in (issue 37): the desktop app lists its native
// menu's, a browser tab only those that work there (shared/commands: hostShortcutCommands).

/** The desktop app has desktop settings on its bridge; the browser host's bridge has none. */
export function currentHost(): CommandHost {
  return getBridge().desktop ? 'desktop' : 'browser';
}

export function helpShortcuts(host: CommandHost = currentHost()): Array<{ id: string; label: string; shortcut: string }> {
  const platform = currentPlatform();
  return hostShortcutCommands(host, platform).map((c) => ({ id: c.id, label: c.label, shortcut: acceleratorLabel(c.accelerator!, platform) }));
}

export function ShortcutsTable({ host = currentHost() }: { host?: CommandHost }) {
  return (
    <Table striped withTableBorder aria-label="Keyboard shortcuts">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Command</Table.Th>
          <Table.Th>Shortcut</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {helpShortcuts(host).map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>{row.label}</Table.Td>
            <Table.Td>
              <Code>{row.shortcut}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the shortcuts table covers, in the host's own words. */
export function shortcutsNote(host: CommandHost = currentHost()): string {
  return host === 'desktop'
    ? 'The shortcuts of the app’s menus. Help → Letterdesk Help opens this too.'
    : 'The shortcuts that work in this browser tab. The browser keeps its own keys (a new window, closing the tab, quitting), so those are not Letterdesk’s here.';
}

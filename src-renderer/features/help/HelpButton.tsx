import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useState } from 'react';
import { useCommandHandlers } from '../../app/command-bus';
import { HELP_COMMANDS } from '../../app/shell-commands';
import { HelpDialog } from './HelpDialog';

/** The shell's Help button; the Help menu's 'Letterdesk Help' (help.guide) opens the same dialog. */
export function HelpButton() {
  const [opened, setOpened] = useState(false);
  useCommandHandlers(HELP_COMMANDS, { 'help.guide': () => setOpened(true) });
  return (
    <>
      <Tooltip label="Help">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help" onClick={() => setOpened(true)}>
          <IconHelp size={20} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
      <HelpDialog opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

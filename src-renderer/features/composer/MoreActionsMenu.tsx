import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCopy, IconDots } from '@tabler/icons-react';

/** The composer's less frequent actions, also in the native Letter menu: Clone opens a copy of this letter. */
export function MoreActionsMenu({ onClone, cloning }: { onClone: () => void; cloning: boolean }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="More actions">
          <ActionIcon variant="default" size="lg" aria-label="More actions" loading={cloning}>
            <IconDots size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={onClone}>
          Clone
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCopy, IconDots, IconHistory, IconLock, IconLockOpen } from '@tabler/icons-react';
import { shortcutLabel } from '../../app/command-bus';

export interface MoreActionsMenuProps {
  onClone: () => void;
  cloning: boolean;
  /** A sent letter's Private switch: whether it is private now, and the change to the other. */
  privacy?: { isPrivate: boolean; onChange: (isPrivate: boolean) => void; busy: boolean } | undefined;
  /** Opens the letter's version history (while composing). */
  onHistory?: (() => void) | undefined;
}

/**
 * The composer's less frequent actions, also in the native Letter menu: Clone opens a copy of
 * this letter; Version history lists its versions to compare and restore. A sent letter can also be made public or private here (the schedule step is
 * behind it then).
 */
export function MoreActionsMenu({ onClone, cloning, privacy, onHistory }: MoreActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="More actions">
          <ActionIcon variant="default" size="lg" aria-label="More actions" loading={cloning || privacy?.busy}>
            <IconDots size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={onClone}>
          Clone
        </Menu.Item>
        {onHistory && (
          <Menu.Item leftSection={<IconHistory size={16} />} rightSection={shortcutLabel('letter.history')} onClick={onHistory}>
            Version history
          </Menu.Item>
        )}
        {privacy && (
          <Menu.Item
            leftSection={privacy.isPrivate ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            onClick={() => privacy.onChange(!privacy.isPrivate)}
            disabled={privacy.busy}
          >
            {privacy.isPrivate ? 'Make public on the web archive' : 'Make private'}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp } from '@tabler/icons-react';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '../../app/store';
import { shortcutLabel, useCommandHandlers } from '../../app/command-bus';
import { HISTORY_COMMANDS } from './composer-commands';
import { redone, undone } from '../../block-kit/composer-slice';

/** Undo and Redo of the composer's history; the Edit menu's commands run the same actions. */
export function HistoryButtons({ enabled }: { enabled: boolean }) {
  const dispatch = useDispatch();
  const canUndo = useSelector((state: RootState) => state.composer.past.length > 0);
  const canRedo = useSelector((state: RootState) => state.composer.future.length > 0);
  // In Electron these commands have native roles; the canvas handles the keys in the browser.
  useCommandHandlers(HISTORY_COMMANDS, { 'edit.undo': () => dispatch(undone()), 'edit.redo': () => dispatch(redone()) }, enabled);
  return (
    <Group gap={4}>
      <Tooltip label={`Undo (${shortcutLabel('edit.undo')})`}>
        <ActionIcon size={30} variant="default" aria-label="Undo" disabled={!enabled || !canUndo} onClick={() => dispatch(undone())}>
          <IconArrowBackUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={`Redo (${shortcutLabel('edit.redo')})`}>
        <ActionIcon size={30} variant="default" aria-label="Redo" disabled={!enabled || !canRedo} onClick={() => dispatch(redone())}>
          <IconArrowForwardUp size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

import { Button, Group, Tooltip } from '@mantine/core';
import { useDispatch, useSelector } from 'react-redux';
import type { RootState } from '../../app/store';
import { shortcutLabel, useCommandHandlers } from '../../app/command-bus';
import { HISTORY_COMMANDS } from './composer-commands';
import { redone, undone } from './composer-slice';

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
        <Button size="xs" variant="default" disabled={!enabled || !canUndo} onClick={() => dispatch(undone())}>
          Undo
        </Button>
      </Tooltip>
      <Tooltip label={`Redo (${shortcutLabel('edit.redo')})`}>
        <Button size="xs" variant="default" disabled={!enabled || !canRedo} onClick={() => dispatch(redone())}>
          Redo
        </Button>
      </Tooltip>
    </Group>
  );
}

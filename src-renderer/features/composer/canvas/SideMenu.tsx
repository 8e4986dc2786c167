import { ActionIcon, Group, Paper, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconSettings, IconSparkles, IconTrash, type Icon } from '@tabler/icons-react';
import type { Section } from '../../../../shared/model';
import { canClone, canDelete, canRewrite } from '../../../block-kit/section-list';
import { SECTION_KEYS, sectionKeyLabel } from './section-keys';

export interface SideMenuProps {
  section: Section;
  /** Position among the top-level sections and how many may move (the footer stays last). */
  index: number;
  movableCount: number;
  readOnly: boolean;
  onMove: (toIndex: number) => void;
  onClone: () => void;
  onDelete: () => void;
  onSettings: () => void;
  /** Opens the AI assistant on this (paragraph) section. */
  onRewrite: () => void;
}

function Action({ label, shortcut, icon: Glyph, disabled, danger, onClick }: { label: string; shortcut?: string; icon: Icon; disabled?: boolean; danger?: boolean; onClick: () => void }) {
  return (
    <Tooltip label={shortcut ? `${label} (${shortcut})` : label} withArrow openDelay={300}>
      <ActionIcon aria-label={label} variant="subtle" color={danger ? 'red' : 'gray'} size="md" disabled={disabled} onClick={onClick}>
        <Glyph size={18} stroke={1.6} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The selected section's toolbar (spec 2 §2): Settings, Move up and down, Rewrite for
 * paragraphs, Clone, Delete (none of the changes for the footer or a read-only letter).
 * Icon buttons named for what they do, their tooltips carrying the canvas's keys.
 */
export function SideMenu({ section, index, movableCount, readOnly, onMove, onClone, onDelete, onSettings, onRewrite }: SideMenuProps) {
  const movable = section.type !== 'footer' && !readOnly;
  return (
    <Paper shadow="sm" withBorder radius="md" p={2}>
      <Group gap={0} role="toolbar" aria-label="Section actions" aria-orientation="horizontal" wrap="nowrap">
        <Action label="Settings" shortcut={sectionKeyLabel(SECTION_KEYS.settings)} icon={IconSettings} onClick={onSettings} />
        {movable && (
          <>
            <Action label="Move up" shortcut={sectionKeyLabel(SECTION_KEYS.moveUp)} icon={IconArrowUp} disabled={index <= 0} onClick={() => onMove(index - 1)} />
            <Action label="Move down" shortcut={sectionKeyLabel(SECTION_KEYS.moveDown)} icon={IconArrowDown} disabled={index >= movableCount - 1} onClick={() => onMove(index + 1)} />
          </>
        )}
        {canRewrite(section) && !readOnly && <Action label="Rewrite" icon={IconSparkles} onClick={onRewrite} />}
        {canClone(section) && !readOnly && <Action label="Clone" shortcut={sectionKeyLabel(SECTION_KEYS.clone)} icon={IconCopy} onClick={onClone} />}
        {canDelete(section) && !readOnly && <Action label="Delete" shortcut={sectionKeyLabel(SECTION_KEYS.delete)} icon={IconTrash} danger onClick={onDelete} />}
      </Group>
    </Paper>
  );
}

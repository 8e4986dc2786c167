import { Button, Stack } from '@mantine/core';
import type { Section } from '../../../../shared/model';
import { canClone, canDelete, canRewrite } from '../../../block-kit/section-list';

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

/** The selected section's actions (spec 2 §2): Rewrite for paragraphs, Clone, Delete; none of the last two for the footer. */
export function SideMenu({ section, index, movableCount, readOnly, onMove, onClone, onDelete, onSettings, onRewrite }: SideMenuProps) {
  const movable = section.type !== 'footer' && !readOnly;
  return (
    <Stack gap={4} role="toolbar" aria-label="Section actions" aria-orientation="vertical" style={{ width: 110 }}>
      <Button size="compact-xs" variant="default" onClick={onSettings}>
        Settings
      </Button>
      {movable && (
        <>
          <Button size="compact-xs" variant="default" disabled={index <= 0} onClick={() => onMove(index - 1)}>
            Move up
          </Button>
          <Button size="compact-xs" variant="default" disabled={index >= movableCount - 1} onClick={() => onMove(index + 1)}>
            Move down
          </Button>
        </>
      )}
      {canRewrite(section) && !readOnly && (
        <Button size="compact-xs" variant="default" onClick={onRewrite}>
          Rewrite
        </Button>
      )}
      {canClone(section) && !readOnly && (
        <Button size="compact-xs" variant="default" onClick={onClone}>
          Clone
        </Button>
      )}
      {canDelete(section) && !readOnly && (
        <Button size="compact-xs" variant="light" color="red" onClick={onDelete}>
          Delete
        </Button>
      )}
    </Stack>
  );
}

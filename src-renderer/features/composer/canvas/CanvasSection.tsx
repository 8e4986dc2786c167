import { Draggable } from '@hello-pangea/dnd';
import { ActionIcon, Group } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { memo, useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import type { Delta, Letter, Section } from '../../../../shared/model';
import { BLOCK_NAMES } from '../../../../shared/model/block-names';
import { sectionCloned, sectionDeleted, sectionMoved, sectionSelected } from '../../../block-kit/composer-slice';
import { SectionView } from './SectionView';
import { SideMenu } from './SideMenu';

export interface CanvasSectionProps {
  section: Section;
  index: number;
  selected: boolean;
  letter: Letter;
  readOnly: boolean;
  /** How many sections may move (the footer stays last). */
  movableCount: number;
  /** Stable across renders, like every callback here: a new one would re-render every section. */
  onTextChange: (id: string, delta: Delta) => void;
  onOpenSettings: () => void;
  /** Opens the AI assistant on a section (by id); stable like the others. */
  onRewrite: (id: string) => void;
}

/**
 * Sections out of view are neither laid out nor painted (`content-visibility: auto`), so a
 * keystroke's frame costs the sections on screen, not the whole letter. Not the selected
 * one: its toolbar overlaps its box's edge, which the containment would clip. A section
 * never shown yet takes a typical section's height; once shown, the height it had.
 */
function offscreenSkipped(selected: boolean): CSSProperties {
  return selected ? {} : { contentVisibility: 'auto', containIntrinsicSize: 'auto 160px' };
}

/**
 * One section on the canvas: its drag handle, the section drawn as in the email, and the
 * side menu when it is selected. Memoized: a keystroke changes one section object (the
 * others keep their identity), so only the edited section renders again.
 */
export const CanvasSection = memo(function CanvasSection({ section, index, selected, letter, readOnly, movableCount, onTextChange, onOpenSettings, onRewrite }: CanvasSectionProps) {
  const dispatch = useDispatch();
  const name = BLOCK_NAMES[section.type];
  const box = useRef<HTMLDivElement>(null);
  // A section selected from elsewhere (a content-check finding, a new section) is brought
  // into view; one clicked on the canvas is in view already, and 'nearest' leaves it there.
  useEffect(() => {
    if (selected) box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);
  return (
    <Draggable
      draggableId={section.uniqueId}
      index={index}
      isDragDisabled={readOnly || section.type === 'footer'}
      // The handle is a button; the library would otherwise refuse drags started on it.
      disableInteractiveElementBlocking
    >
      {(drag) => (
        // The library's style last: while dragging it positions the row (fixed), which 'relative' would undo.
        <div ref={drag.innerRef} {...drag.draggableProps} style={{ position: 'relative', marginBottom: 2, ...offscreenSkipped(selected), ...drag.draggableProps.style }}>
          <Group align="flex-start" gap={4} wrap="nowrap">
            <ActionIcon
              {...drag.dragHandleProps}
              aria-label={`Drag ${name}`}
              variant="subtle"
              size="sm"
              style={{ visibility: section.type === 'footer' || readOnly ? 'hidden' : undefined }}
            >
              <IconGripVertical size={16} stroke={1.6} aria-hidden />
            </ActionIcon>
            <div
              ref={box}
              role="group"
              aria-label={`${name} section`}
              aria-current={selected ? 'true' : undefined}
              data-section-type={section.type}
              onClick={() => dispatch(sectionSelected(section.uniqueId))}
              style={{
                flex: 1,
                minWidth: 0,
                outline: selected ? '2px solid var(--mantine-color-blue-6)' : '1px solid transparent',
                cursor: section.isLocked ? 'not-allowed' : 'pointer',
              }}
            >
              <SectionView
                section={section}
                letter={letter}
                // Only the selected section edits (and shows its toolbar), so clicks elsewhere just select.
                readOnly={readOnly || !selected}
                onTextChange={onTextChange}
              />
            </div>
            {selected && (
              // Above the section's top-right corner rather than in its row, so selecting does not reflow the
              // letter, and outside the section, so it never covers the text toolbar or the content.
              <div style={{ position: 'absolute', bottom: 'calc(100% + 2px)', right: 0, zIndex: 2 }}>
                <SideMenu
                  section={section}
                  index={index}
                  movableCount={movableCount}
                  readOnly={readOnly}
                  onMove={(toIndex) => dispatch(sectionMoved({ id: section.uniqueId, toIndex }))}
                  onClone={() => dispatch(sectionCloned({ id: section.uniqueId }))}
                  onDelete={() => dispatch(sectionDeleted({ id: section.uniqueId }))}
                  onSettings={onOpenSettings}
                  onRewrite={() => onRewrite(section.uniqueId)}
                />
              </div>
            )}
          </Group>
        </div>
      )}
    </Draggable>
  );
});

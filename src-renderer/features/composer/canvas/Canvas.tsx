import { Droppable, Draggable } from '@hello-pangea/dnd';
import { ActionIcon, Group, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Letter } from '../../../../shared/model';
import { effectiveDesktopWidth } from '../../../../shared/model';
import type { RootState } from '../../../app/store';
import { BLOCK_NAMES } from '../block-names';
import { redone, sectionCloned, sectionDeleted, sectionMoved, sectionSelected, textEdited, undone } from '../composer-slice';
import { footerIndex } from '../section-list';
import { SectionView } from './SectionView';
import { SideMenu } from './SideMenu';

export const CANVAS_DROPPABLE = 'canvas';

/** Inside a text editor or field, Ctrl/Cmd+Z is that editor's own undo, not the composer's. */
function isTextTarget(target: EventTarget): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** The letter's sections as a drop target: select, reorder, and edit their text. */
export function Canvas({ letter, readOnly, onOpenSettings }: { letter: Letter; readOnly: boolean; onOpenSettings: () => void }) {
  const dispatch = useDispatch();
  const { present: sections, selectedId } = useSelector((state: RootState) => state.composer);
  const footer = footerIndex(sections);
  const movableCount = footer === -1 ? sections.length : footer;

  // The browser host has no native Edit menu, so the canvas runs its own history keys.
  const onKeyDown = (event: KeyboardEvent) => {
    if (readOnly || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || isTextTarget(event.target)) return;
    event.preventDefault();
    dispatch(event.shiftKey ? redone() : undone());
  };

  return (
    <div
      role="region"
      aria-label="Canvas"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ flex: 1, minWidth: 0, background: letter.settings.backgroundColorBody, padding: '16px 140px 16px 16px', overflow: 'auto', outline: 'none' }}
    >
      <Droppable droppableId={CANVAS_DROPPABLE} isDropDisabled={readOnly}>
        {(drop) => (
          <div ref={drop.innerRef} {...drop.droppableProps} style={{ maxWidth: effectiveDesktopWidth(letter.settings) + 32, margin: '0 auto', minHeight: 100, boxShadow: '0 0 0 1px var(--mantine-color-gray-3)' }}>
            {sections.map((section, index) => {
              const name = BLOCK_NAMES[section.type];
              const selected = section.uniqueId === selectedId;
              return (
                <Draggable
                  key={section.uniqueId}
                  draggableId={section.uniqueId}
                  index={index}
                  isDragDisabled={readOnly || section.type === 'footer'}
                  // The handle is a button; the library would otherwise refuse drags started on it.
                  disableInteractiveElementBlocking
                >
                  {(drag) => (
                    <div ref={drag.innerRef} {...drag.draggableProps} style={{ ...drag.draggableProps.style, position: 'relative', marginBottom: 2 }}>
                      <Group align="flex-start" gap={4} wrap="nowrap">
                        <ActionIcon
                          {...drag.dragHandleProps}
                          aria-label={`Drag ${name}`}
                          variant="subtle"
                          size="sm"
                          style={{ visibility: section.type === 'footer' || readOnly ? 'hidden' : undefined }}
                        >
                          ⠿
                        </ActionIcon>
                        <div
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
                            onTextChange={(id, delta) => dispatch(textEdited({ id, delta }))}
                          />
                        </div>
                        {selected && (
                          // Beside the section rather than in its row, so selecting does not reflow the letter.
                          <div style={{ position: 'absolute', top: 0, left: 'calc(100% + 8px)', zIndex: 2 }}>
                            <SideMenu
                              section={section}
                              index={index}
                              movableCount={movableCount}
                              readOnly={readOnly}
                              onMove={(toIndex) => dispatch(sectionMoved({ id: section.uniqueId, toIndex }))}
                              onClone={() => dispatch(sectionCloned({ id: section.uniqueId }))}
                              onDelete={() => dispatch(sectionDeleted({ id: section.uniqueId }))}
                              onSettings={onOpenSettings}
                            />
                          </div>
                        )}
                      </Group>
                    </div>
                  )}
                </Draggable>
              );
            })}
            {drop.placeholder}
            {sections.length === 0 && <Text c="dimmed">Add blocks from the sidebar.</Text>}
          </div>
        )}
      </Droppable>
    </div>
  );
}

import { Droppable } from '@hello-pangea/dnd';
import { Text } from '@mantine/core';
import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Delta, Letter } from '../../../../shared/model';
import { effectiveDesktopWidth } from '../../../../shared/model';
import type { RootState } from '../../../app/store';
import { redone, textEdited, undone } from '../composer-slice';
import { footerIndex } from '../section-list';
import { CanvasSection } from './CanvasSection';

export const CANVAS_DROPPABLE = 'canvas';

/** Inside a text editor or field, Ctrl/Cmd+Z is that editor's own undo, not the composer's. */
function isTextTarget(target: EventTarget): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** The letter's sections as a drop target: select, reorder, and edit their text. */
export function Canvas({ letter, readOnly, onOpenSettings }: { letter: Letter; readOnly: boolean; onOpenSettings: () => void }) {
  const dispatch = useDispatch();
  const { present: sections, selectedId, settings } = useSelector((state: RootState) => state.composer);
  // The Styles tab edits the composer's settings; the stored letter catches up only after the save.
  const styledLetter = useMemo(() => ({ ...letter, settings }), [letter, settings]);
  // Stable callbacks, so a memoized section renders again only when its own props change.
  const onTextChange = useCallback((id: string, delta: Delta) => dispatch(textEdited({ id, delta })), [dispatch]);
  const onOpenSettingsRef = useRef(onOpenSettings);
  onOpenSettingsRef.current = onOpenSettings;
  const openSettings = useCallback(() => onOpenSettingsRef.current(), []);
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
      style={{ flex: 1, minWidth: 0, background: settings.backgroundColorBody, padding: '16px 140px 16px 16px', overflow: 'auto', outline: 'none' }}
    >
      <Droppable droppableId={CANVAS_DROPPABLE} isDropDisabled={readOnly}>
        {(drop) => (
          <div ref={drop.innerRef} {...drop.droppableProps} style={{ maxWidth: effectiveDesktopWidth(settings) + 32, margin: '0 auto', minHeight: 100, boxShadow: '0 0 0 1px var(--mantine-color-gray-3)' }}>
            {sections.map((section, index) => (
              <CanvasSection
                key={section.uniqueId}
                section={section}
                index={index}
                selected={section.uniqueId === selectedId}
                letter={styledLetter}
                readOnly={readOnly}
                movableCount={movableCount}
                onTextChange={onTextChange}
                onOpenSettings={openSettings}
              />
            ))}
            {drop.placeholder}
            {sections.length === 0 && <Text c="dimmed">Add blocks from the sidebar.</Text>}
          </div>
        )}
      </Droppable>
    </div>
  );
}

import { Droppable } from '@hello-pangea/dnd';
import { Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Delta, Letter } from '../../../../shared/model';
import { effectiveDesktopWidth, effectiveMobileWidth } from '../../../../shared/model';
import { usedWebFonts } from '../../../../shared/model/used-web-fonts';
import type { RootState } from '../../../app/store';
import { COMPOSER_PLUGINS } from '../../../app/composer-plugins';
import { useWebFonts } from '../../../ui/fonts/web-fonts';
import { redone, sectionCloned, sectionDeleted, sectionMoved, sectionRewritten, textEdited, undone } from '../../../block-kit/composer-slice';
import { canClone, canDelete } from '../../../block-kit/section-list';
import { footerIndex } from '../../../block-kit/section-list';
import type { PaletteItem } from '../../../block-kit/block-kind';
import { CanvasSection } from './CanvasSection';
import { CanvasStart } from './CanvasStart';
import { sectionKeyAction } from './section-keys';

export const CANVAS_DROPPABLE = 'canvas';

/** Inside a text editor or field, Ctrl/Cmd+Z is that editor's own undo, not the composer's. */
function isTextTarget(target: EventTarget): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** A button, link or menu item takes Enter and Delete itself. */
function isControlTarget(target: EventTarget): boolean {
  return target instanceof Element && target.closest('button, a, [role="menuitem"], [role="option"], [role="tab"]') !== null;
}

/** A modal of its own (Send a Test Email, Help) is not the composer: its keys are its own. */
function inOtherDialog(target: EventTarget): boolean {
  return target instanceof Element && target.closest('[aria-modal="true"]') !== null;
}

/** The letter's sections as a drop target: select, reorder, and edit their text. */
export function Canvas({
  letter,
  readOnly,
  device = 'desktop',
  onOpenSettings,
  palette = [],
  onAdd,
}: {
  letter: Letter;
  readOnly: boolean;
  /** The Desktop/Mobile toggle: the canvas is as wide as the letter on that device. */
  device?: 'desktop' | 'mobile';
  onOpenSettings: () => void;
  /** The palette's blocks, for an empty letter's first-block buttons. */
  palette?: readonly PaletteItem[];
  onAdd?: (item: PaletteItem) => void;
}) {
  const dispatch = useDispatch();
  const { present: sections, selectedId, settings, restores } = useSelector((state: RootState) => state.composer);
  // The Styles tab edits the composer's settings; the stored letter catches up only after the save.
  const styledLetter = useMemo(() => ({ ...letter, settings }), [letter, settings]);
  // The web fonts the letter uses, from the files shipped with the app (it works offline).
  useWebFonts(useMemo(() => usedWebFonts(settings, sections), [settings, sections]));
  // Stable callbacks, so a memoized section renders again only when its own props change.
  const onTextChange = useCallback((id: string, delta: Delta) => dispatch(textEdited({ id, delta })), [dispatch]);
  const onOpenSettingsRef = useRef(onOpenSettings);
  onOpenSettingsRef.current = onOpenSettings;
  const openSettings = useCallback(() => onOpenSettingsRef.current(), []);
  // The section the AI assistant is open on (spec 2 §4), by id.
  const [rewritingId, setRewritingId] = useState<string | null>(null);
  const rewriting = rewritingId === null ? undefined : sections.find((s) => s.uniqueId === rewritingId);
  const letterWidth = device === 'mobile' ? effectiveMobileWidth(settings) : effectiveDesktopWidth(settings);
  const footer = footerIndex(sections);
  const movableCount = footer === -1 ? sections.length : footer;
  // Nothing above the footer yet, and a way to add: the first-block buttons.
  const starting = movableCount === 0 && !readOnly && onAdd !== undefined;

  // The browser host has no native Edit menu, so the composer runs its own history keys.
  // On the whole window, not only the canvas: after a button (Delete) removed itself, the
  // focus is on the page's body, and Ctrl/Cmd+Z must still bring the section back.
  useEffect(() => {
    if (readOnly) return undefined;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 'z') return;
      if (event.target && (isTextTarget(event.target) || inOtherDialog(event.target))) return;
      event.preventDefault();
      dispatch(event.shiftKey ? redone() : undone());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [readOnly, dispatch]);

  // The selected section's keys (the toolbar's tooltips show them), read from the latest render.
  const latest = useRef({ sections, selectedId, movableCount });
  latest.current = { sections, selectedId, movableCount };
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || !event.target || isTextTarget(event.target) || inOtherDialog(event.target) || isControlTarget(event.target)) return;
      const action = sectionKeyAction(event);
      const { sections: present, selectedId: id, movableCount: movable } = latest.current;
      const index = present.findIndex((s) => s.uniqueId === id);
      const section = present[index];
      if (!action || !section) return;
      if (action === 'settings') {
        event.preventDefault();
        openSettings();
        return;
      }
      if (readOnly || section.type === 'footer') return;
      event.preventDefault();
      if (action === 'moveUp' && index > 0) dispatch(sectionMoved({ id: section.uniqueId, toIndex: index - 1 }));
      if (action === 'moveDown' && index < movable - 1) dispatch(sectionMoved({ id: section.uniqueId, toIndex: index + 1 }));
      if (action === 'clone' && canClone(section)) dispatch(sectionCloned({ id: section.uniqueId }));
      if (action === 'delete' && canDelete(section)) dispatch(sectionDeleted({ id: section.uniqueId }));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [readOnly, dispatch, openSettings]);

  return (
    <div
      role="region"
      aria-label="Canvas"
      tabIndex={-1}
      // The top padding is room above the first section for the selected section's toolbar.
      style={{ flex: 1, minWidth: 0, background: settings.backgroundColorBody, padding: '48px 16px 16px', overflow: 'auto', outline: 'none' }}
    >
      <Droppable droppableId={CANVAS_DROPPABLE} isDropDisabled={readOnly}>
        {(drop) => (
          <div
            ref={drop.innerRef}
            {...drop.droppableProps}
            data-device={device}
            style={{ maxWidth: letterWidth + 32, margin: '0 auto', minHeight: 100, boxShadow: '0 0 0 1px var(--mantine-color-gray-3)' }}
          >
            {/* Above the footer: the start of the letter. */}
            {starting && <CanvasStart items={palette} onAdd={onAdd} />}
            {sections.map((section, index) => (
              <CanvasSection
                key={`${restores}:${section.uniqueId}`}
                section={section}
                index={index}
                selected={section.uniqueId === selectedId}
                letter={styledLetter}
                readOnly={readOnly}
                movableCount={movableCount}
                onTextChange={onTextChange}
                onOpenSettings={openSettings}
                onRewrite={setRewritingId}
              />
            ))}
            {drop.placeholder}
            {sections.length === 0 && !starting && <Text c="dimmed">This letter has no blocks.</Text>}
          </div>
        )}
      </Droppable>
      {rewriting && (
        <COMPOSER_PLUGINS.RewriteAssistant
          section={rewriting}
          brandSlug={letter.brandSlug}
          channelSlug={letter.channelSlug}
          onClose={() => setRewritingId(null)}
          onSave={(delta) => {
            dispatch(sectionRewritten({ id: rewriting.uniqueId, delta }));
            setRewritingId(null);
          }}
        />
      )}
    </div>
  );
}

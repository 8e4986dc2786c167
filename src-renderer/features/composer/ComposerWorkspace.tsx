import { DragDropContext, type DropResult } from '@hello-pangea/dnd';
import { Group } from '@mantine/core';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { Letter } from '../../../shared/model';
import { useFeatureFlags } from '../../app/feature-flags';
import { paletteFor, useAddLimits } from '../../app/block-catalogue';
import type { PaletteItem } from '../../block-kit/block-kind';
import { useChannel } from '../../app/use-channel';
import { useUploadedImageUrls } from '../../block-kit/images/use-uploaded-image-urls';
import type { RootState } from '../../app/store';
import { BlockSettingsPanel } from './BlockSettingsPanel';
import type { PreviewDevice } from './PreviewPane';
import { Canvas, CANVAS_DROPPABLE } from './canvas/Canvas';
import { sectionAdded, sectionMoved } from '../../block-kit/composer-slice';
import { PaletteAccentContext } from '../../ui/rich-text/palette-accent';
import { PALETTE_DROPPABLE } from './sidebar/BlocksPalette';
import { Sidebar } from './sidebar/Sidebar';

/**
 * The canvas and the sidebar under one drag and drop context, with the block settings panel.
 * `device` is the Desktop/Mobile toggle: the canvas takes that width of the letter.
 */
export function ComposerWorkspace({ letter, readOnly, device = 'desktop' }: { letter: Letter; readOnly: boolean; device?: PreviewDevice }) {
  const dispatch = useDispatch();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Only the open settings panel needs the selected section; closed, typing re-renders nothing here.
  const selected = useSelector((state: RootState) =>
    settingsOpen ? (state.composer.present.find((s) => s.uniqueId === state.composer.selectedId) ?? null) : null,
  );
  const isFeatureOn = useFeatureFlags(letter.brandSlug, letter.channelSlug);
  const items = paletteFor(letter, isFeatureOn);
  const channel = useChannel(letter.brandSlug, letter.channelSlug);
  const limits = useAddLimits(letter.brandSlug);
  useUploadedImageUrls();

  const add = (item: PaletteItem, index?: number) => {
    dispatch(sectionAdded({ type: item.type, ...(item.layoutType === undefined ? {} : { layoutType: item.layoutType }), ...(index === undefined ? {} : { index }) }));
  };

  const onDragEnd = ({ source, destination, draggableId }: DropResult) => {
    if (readOnly || !destination || destination.droppableId !== CANVAS_DROPPABLE) return;
    if (source.droppableId === PALETTE_DROPPABLE) {
      const item = items[source.index];
      if (item) add(item, destination.index);
    } else if (source.droppableId === CANVAS_DROPPABLE && source.index !== destination.index) {
      dispatch(sectionMoved({ id: draggableId, toIndex: destination.index }));
    }
  };

  return (
    <PaletteAccentContext.Provider value={channel?.accentColor ?? null}>
      <DragDropContext onDragEnd={onDragEnd}>
        <Group align="stretch" gap="md" wrap="nowrap" style={{ position: 'relative', minHeight: 480 }}>
          <Canvas letter={letter} readOnly={readOnly} device={device} onOpenSettings={() => setSettingsOpen(true)} palette={items} onAdd={(item) => add(item)} />
          <Sidebar items={items} readOnly={readOnly} onAdd={(item) => add(item)} limits={limits} />
          <BlockSettingsPanel
            section={selected}
            onClose={() => setSettingsOpen(false)}
            readOnly={readOnly}
            letter={letter}
            isFeatureOn={isFeatureOn}
            channel={channel}
          />
        </Group>
      </DragDropContext>
    </PaletteAccentContext.Provider>
  );
}

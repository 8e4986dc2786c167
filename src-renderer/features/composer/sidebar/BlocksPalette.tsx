import { Draggable, Droppable } from '@hello-pangea/dnd';
import { Button, SimpleGrid, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { memo, useCallback, useRef } from 'react';
import { useSelector } from 'react-redux';
import type { BlockType } from '../../../../shared/model';
import { paletteItemRefusal, placedCount } from '../../../app/block-catalogue';
import type { RootState } from '../../../app/store';
import { PALETTE_GROUPS, type PaletteItem } from '../../../block-kit/block-kind';

export const PALETTE_DROPPABLE = 'palette';
export const paletteDraggableId = (item: PaletteItem) => `palette:${item.name}`;
/** The element holding a tile's one line, which the tile names as its description. */
export const paletteDescriptionId = (item: PaletteItem) => `palette-description-${item.name.replace(/\W+/g, '-').toLowerCase()}`;

/** A tile's height: room for a 26 px icon above a two-line name ('Image + Text columns'). */
const TILE_HEIGHT = 76;

export interface BlocksPaletteProps {
  items: PaletteItem[];
  disabled: boolean;
  onAdd: (item: PaletteItem) => void;
  /** How many blocks of a limited kind the letter may hold (promotion zones); null while not known, which refuses nothing. */
  limits?: Partial<Record<BlockType, number | null>>;
}

const NO_LIMITS: Partial<Record<BlockType, number | null>> = {};

/**
 * The Blocks tab: palette items by group in a 3-column grid (spec 2 §1) of tiles, each a
 * large icon over its name, saying what its block is for in a tooltip on hover or focus and
 * to screen readers as its description; click, Enter or drag onto the canvas. The composer renders again on every keystroke; the grid does only when its items,
 * its state or what it refuses change.
 */
export function BlocksPalette({ items, disabled, onAdd, limits = NO_LIMITS }: BlocksPaletteProps) {
  const limited = Object.keys(limits) as BlockType[];
  // The counts as one string, so a keystroke that changes none of them draws nothing.
  const placed = useSelector((state: RootState) => limited.map((type) => placedCount(state.composer.present, type)).join(','));
  const counts = new Map(placed.split(',').map((count, i) => [limited[i], Number(count)]));
  const refusals = items.map((item) => paletteItemRefusal(item, counts.get(item.type) ?? 0, limits[item.type]));
  const onAddRef = useRef(onAdd);
  onAddRef.current = onAdd;
  const add = useCallback((item: PaletteItem) => onAddRef.current(item), []);
  return <PaletteGrid items={items} disabled={disabled} onAdd={add} refusals={refusals} />;
}

interface PaletteGridProps {
  items: PaletteItem[];
  disabled: boolean;
  onAdd: (item: PaletteItem) => void;
  /** Why each item cannot be added now, by index; null where it can. */
  refusals: (string | null)[];
}

/** The caller filters the palette afresh on each render; the same items in the same order are the same grid. */
const sameGrid = (a: PaletteGridProps, b: PaletteGridProps) =>
  a.disabled === b.disabled &&
  a.onAdd === b.onAdd &&
  a.items.length === b.items.length &&
  a.items.every((item, i) => item === b.items[i] && a.refusals[i] === b.refusals[i]);

const PaletteGrid = memo(function PaletteGrid({ items, disabled, onAdd, refusals }: PaletteGridProps) {
  return (
    <Droppable droppableId={PALETTE_DROPPABLE} isDropDisabled>
      {(drop) => (
        <Stack ref={drop.innerRef} {...drop.droppableProps} gap="md">
          {PALETTE_GROUPS.map((group) => {
            const groupItems = items.filter((item) => item.group === group);
            if (groupItems.length === 0) return null;
            return (
              <section key={group} aria-label={group}>
                <Text size="xs" fw={700} c="dimmed" mb={6}>
                  {group}
                </Text>
                <SimpleGrid cols={3} spacing={6}>
                  {groupItems.map((item) => {
                    const refusal = refusals[items.indexOf(item)] ?? null;
                    return (
                      <Draggable
                        key={item.name}
                        draggableId={paletteDraggableId(item)}
                        index={items.indexOf(item)}
                        isDragDisabled={disabled || refusal !== null}
                        // Palette items are buttons (click or Enter adds); they are drag handles too.
                        disableInteractiveElementBlocking
                      >
                        {(drag, snapshot) => (
                          <>
                            {/* What the block is for, or why it cannot be added now; always wrapped, so the button is not remounted (and its focus lost) when a refusal starts or ends. */}
                            <Tooltip label={refusal ?? item.description} multiline w={220} openDelay={refusal === null ? 400 : 0} events={{ hover: true, focus: true, touch: false }}>
                              <Button
                                ref={drag.innerRef}
                                {...drag.draggableProps}
                                {...drag.dragHandleProps}
                                // The name stays the palette name; the description is what the block is for, then the library's drag instructions.
                                aria-label={item.name}
                                aria-describedby={[paletteDescriptionId(item), drag.dragHandleProps?.['aria-describedby']].filter(Boolean).join(' ')}
                                variant="default"
                                size="xs"
                                px={4}
                                disabled={disabled}
                                // A refused item stays focusable, so hovering or tabbing to it shows why.
                                data-disabled={refusal !== null || undefined}
                                aria-disabled={refusal !== null || undefined}
                                onClick={() => refusal === null && onAdd(item)}
                                fw={500}
                                styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2, flexDirection: 'column', gap: 6 } }}
                                style={{ ...drag.draggableProps.style, height: TILE_HEIGHT }}
                              >
                                <item.icon size={26} stroke={1.5} aria-hidden data-palette-icon />
                                {item.name}
                                <VisuallyHidden id={paletteDescriptionId(item)}>{refusal ?? item.description}</VisuallyHidden>
                              </Button>
                            </Tooltip>
                            {/* Dragging copies the item: a stand-in keeps its place so the grid does not reflow. */}
                            {snapshot.isDragging && (
                              <Button aria-hidden tabIndex={-1} variant="default" size="xs" px={4} style={{ height: TILE_HEIGHT }}>
                                {item.name}
                              </Button>
                            )}
                          </>
                        )}
                      </Draggable>
                    );
                  })}
                </SimpleGrid>
              </section>
            );
          })}
          <div style={{ display: 'none' }}>{drop.placeholder}</div>
        </Stack>
      )}
    </Droppable>
  );
}, sameGrid);

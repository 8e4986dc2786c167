import { Draggable, Droppable } from '@hello-pangea/dnd';
import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { PALETTE_GROUPS, type PaletteItem } from './palette';

export const PALETTE_DROPPABLE = 'palette';
export const paletteDraggableId = (item: PaletteItem) => `palette:${item.name}`;

/** The Blocks tab: palette items by group in a 3-column grid; click, Enter or drag onto the canvas. */
export function BlocksPalette({ items, disabled, onAdd }: { items: PaletteItem[]; disabled: boolean; onAdd: (item: PaletteItem) => void }) {
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
                  {groupItems.map((item) => (
                    <Draggable
                      key={item.name}
                      draggableId={paletteDraggableId(item)}
                      index={items.indexOf(item)}
                      isDragDisabled={disabled}
                      // Palette items are buttons (click or Enter adds); they are drag handles too.
                      disableInteractiveElementBlocking
                    >
                      {(drag, snapshot) => (
                        <>
                          <Button
                            ref={drag.innerRef}
                            {...drag.draggableProps}
                            {...drag.dragHandleProps}
                            // The library describes the drag instructions; the name stays the palette name.
                            aria-label={item.name}
                            variant="default"
                            size="xs"
                            px={4}
                            disabled={disabled}
                            onClick={() => onAdd(item)}
                            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
                            style={{ ...drag.draggableProps.style, height: 44 }}
                          >
                            {item.name}
                          </Button>
                          {/* Dragging copies the item: a stand-in keeps its place so the grid does not reflow. */}
                          {snapshot.isDragging && (
                            <Button aria-hidden tabIndex={-1} variant="default" size="xs" px={4} style={{ height: 44 }}>
                              {item.name}
                            </Button>
                          )}
                        </>
                      )}
                    </Draggable>
                  ))}
                </SimpleGrid>
              </section>
            );
          })}
          <div style={{ display: 'none' }}>{drop.placeholder}</div>
        </Stack>
      )}
    </Droppable>
  );
}

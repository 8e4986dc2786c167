import { Button, Group, Stack, Text } from '@mantine/core';
import type { PaletteItem } from '../../../block-kit/block-kind';

// What an empty letter's canvas shows (issue 37): where to start, with the blocks most
// letters open with one click away, instead of a blank page above the footer.

/** The block types a new letter most often starts with, in this order. */
export const STARTER_TYPES = ['heading', 'paragraph', 'image', 'button'] as const;

export function CanvasStart({ items, onAdd }: { items: readonly PaletteItem[]; onAdd: (item: PaletteItem) => void }) {
  const starters = STARTER_TYPES.map((type) => items.find((item) => item.type === type && item.layoutType === undefined)).filter((item) => item !== undefined);
  return (
    <Stack align="center" gap="xs" py="xl" px="md" role="group" aria-label="Start your letter">
      <Text fw={600}>Start your letter</Text>
      <Text size="sm" c="dimmed" ta="center">
        Add a first block here, or drag any block from the Blocks tab on the right.
      </Text>
      <Group gap="xs" justify="center">
        {starters.map((item) => {
          const Icon = item.icon;
          return (
            // Named apart from the palette's own buttons, which carry the bare block name.
            <Button key={item.type} variant="default" size="sm" leftSection={<Icon size={16} aria-hidden />} aria-label={`Add ${item.name}`} onClick={() => onAdd(item)}>
              {item.name}
            </Button>
          );
        })}
      </Group>
    </Stack>
  );
}

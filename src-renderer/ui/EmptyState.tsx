import { Stack, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';

/** What a card shows when it has nothing (spec 1 §8: metrics that failed to load show the empty state). */
export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <Stack align="center" gap={4} py="lg" role="status">
      <IconChartBarOff size={28} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden="true" />
      <Text fw={600}>{title}</Text>
      {children && (
        <Text size="sm" c="dimmed" ta="center">
          {children}
        </Text>
      )}
    </Stack>
  );
}

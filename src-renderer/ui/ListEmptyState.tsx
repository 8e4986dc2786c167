import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * An empty list's first screen (issue 37): what the list is for and its first action, so a
 * new editor meets a way in rather than a grey "No … yet." The action buttons carry names of
 * their own ("Write your first letter"), apart from the screen's own New button.
 */
export function ListEmptyState({ icon: ListIcon, title, children, actions }: { icon: Icon; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" role="region" aria-label={title}>
      <ThemeIcon size={48} radius="xl" variant="light">
        <ListIcon size={26} stroke={1.5} aria-hidden />
      </ThemeIcon>
      <Text fw={600} size="lg">
        {title}
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={460}>
        {children}
      </Text>
      <Group gap="xs" mt="xs" justify="center">
        {actions}
      </Group>
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** One titled part of the schedule sidebar (CONTENT CHECK, SENDING SETTINGS...), a named region. */
export function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} c="dimmed" style={{ letterSpacing: 0.5 }}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

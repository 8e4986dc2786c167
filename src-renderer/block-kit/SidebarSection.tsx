import { Stack, Text } from '@mantine/core';
import { createContext, useContext, useId, type ReactNode } from 'react';

/**
 * True inside a panel that already names the section (the schedule step's accordion): the
 * section then shows no heading of its own, so its name is not read or seen twice.
 */
export const SidebarSectionTitled = createContext(false);

/** One titled part of the schedule sidebar (Content check, Sending settings...), a named region. */
export function SidebarSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  const titled = useContext(SidebarSectionTitled);
  if (titled) return <Stack gap="xs">{children}</Stack>;
  return (
    <Stack component="section" gap="xs" aria-labelledby={id}>
      <Text id={id} size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

import { Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

/**
 * The frame every screen of the shell shares: its padding, one h1 (styled h2), an optional
 * line under it and the screen's actions on the right. The shell already has the page's one
 * <main>, so a screen is a region named by its title.
 */
export function ScreenFrame({ title, subtitle, actions, maw, children }: { title: React.ReactNode; subtitle?: React.ReactNode; actions?: React.ReactNode; maw?: number; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <Stack p="lg" gap="md" maw={maw} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Title order={1} size="h2" id={titleId}>
            {title}
          </Title>
          {subtitle && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {actions && <Group gap="xs">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}

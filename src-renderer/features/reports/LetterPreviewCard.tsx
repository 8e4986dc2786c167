import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The letter as it was sent, and the link to its public page ({host}/{channelSlug}/{letterId},
 * spec 1 §2) when it has one; in the desktop app the link opens in the system browser.
 */
export function LetterPreviewCard({ subject, publicUrl, preview }: { subject: string; publicUrl: string | null; preview: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Letter preview">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            Letter preview
          </Title>
          <Text size="sm" c="dimmed" truncate>
            {subject}
          </Text>
        </div>
        {publicUrl && (
          <Anchor href={publicUrl} target="_blank" rel="noreferrer" size="sm">
            <Group gap={4} wrap="nowrap">
              View public page <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        )}
      </Group>
      {preview}
    </Paper>
  );
}

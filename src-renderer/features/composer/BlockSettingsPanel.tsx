import { CloseButton, Group, Paper, Text, Title, Transition } from '@mantine/core';
import type { Section } from '../../../shared/model';
import { BLOCK_NAMES } from './block-names';

/** 80 units (320 px), as the spec sizes the block settings panel. */
const PANEL_WIDTH = 320;

/** The selected block's settings, sliding in from the right over the sidebar. Its panels come with the block settings issue. */
export function BlockSettingsPanel({ section, onClose }: { section: Section | null; onClose: () => void }) {
  return (
    <Transition mounted={section !== null} transition="slide-left" duration={150}>
      {(style) => (
        <Paper
          role="dialog"
          aria-label="Block settings"
          shadow="md"
          p="md"
          withBorder
          style={{ ...style, position: 'absolute', top: 0, right: 0, bottom: 0, width: PANEL_WIDTH, zIndex: 10 }}
        >
          <Group justify="space-between" mb="sm">
            <Title order={4}>{section ? `${BLOCK_NAMES[section.type]} settings` : ''}</Title>
            <CloseButton aria-label="Close block settings" onClick={onClose} />
          </Group>
          <Text c="dimmed" size="sm">
            Settings for this block come next.
          </Text>
        </Paper>
      )}
    </Transition>
  );
}

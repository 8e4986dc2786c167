import { Button, Modal, Stack, Text } from '@mantine/core';
import { IconFile, IconTemplate } from '@tabler/icons-react';
import type { LetterListItem } from '../../../shared/contract/bridge';

/**
 * New letter: start blank or from one of the channel's templates (its blocks and styles).
 * `onChoose(null)` is blank.
 */
export function NewLetterDialog(props: {
  opened: boolean;
  templates: LetterListItem[];
  busy: boolean;
  onChoose: (templateUniqueId: string | null) => void;
  onClose: () => void;
}) {
  const { opened, templates, busy, onChoose, onClose } = props;
  return (
    <Modal opened={opened} onClose={onClose} title="New letter" centered>
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          Start from a blank letter or from one of this channel&apos;s templates.
        </Text>
        <Button variant="default" justify="flex-start" leftSection={<IconFile size={18} />} onClick={() => onChoose(null)} disabled={busy}>
          Blank letter
        </Button>
        {templates.map((template) => (
          <Button
            key={template.uniqueId}
            variant="default"
            justify="flex-start"
            leftSection={<IconTemplate size={18} />}
            onClick={() => onChoose(template.uniqueId)}
            disabled={busy}
            aria-label={`From template ${template.title || 'Untitled template'}`}
          >
            {template.title || 'Untitled template'}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}

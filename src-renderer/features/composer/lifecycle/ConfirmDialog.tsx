import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A question before a step that changes where the letter stands (pause, deactivate, leave). */
export function ConfirmDialog({ opened, title, message, confirmLabel, cancelLabel = 'Cancel', danger, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} onClick={onConfirm} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';

/** Spec 3 §2 "Confirm-delete dialog": its default words. */
export const CONFIRM_DELETE_DEFAULTS = {
  confirmLabel: 'Delete',
  cancelLabel: 'Cancel',
  message: 'This action cannot be undone',
  typeToConfirmLabel: 'Type REMOVE to proceed',
} as const;

/** What the editor types to unlock a delete that asks for it. */
export const CONFIRM_DELETE_WORD = 'REMOVE';

/**
 * Spec 3 §2 confirm-delete dialog: a title, 'This action cannot be undone', 'Delete' and
 * 'Cancel'. With `requireTyping` the Delete button stays disabled until REMOVE is typed;
 * it is disabled while `loading` too. `error` is shown in the dialog, which stays open.
 */
export function ConfirmDeleteDialog(props: {
  opened: boolean;
  title: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  requireTyping?: boolean;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  error?: string | null;
}) {
  const {
    opened,
    title,
    onConfirm,
    onCancel,
    loading = false,
    requireTyping = false,
    message = CONFIRM_DELETE_DEFAULTS.message,
    confirmLabel = CONFIRM_DELETE_DEFAULTS.confirmLabel,
    cancelLabel = CONFIRM_DELETE_DEFAULTS.cancelLabel,
    error = null,
  } = props;
  const [typed, setTyped] = useState('');
  // Each opening asks afresh.
  useEffect(() => {
    if (opened) setTyped('');
  }, [opened]);
  const confirmed = !requireTyping || typed === CONFIRM_DELETE_WORD;

  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !loading) onConfirm();
        }}
      >
        <Stack gap="md">
          <Text>{message}</Text>
          {requireTyping && (
            <TextInput
              label={CONFIRM_DELETE_DEFAULTS.typeToConfirmLabel}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
          )}
          {error && (
            <Text c="red.8" size="sm" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {cancelLabel}
            </Button>
            <Button type="submit" color="red.9" disabled={!confirmed || loading} loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { Button, Group } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

/**
 * A table row's actions: Edit (when the row can be edited) and Delete, which asks first with
 * the confirm-delete dialog. `onDelete` answers null when the item is gone, or the message to
 * show in the dialog, which then stays open; the dialog's state is the row's own, so a
 * screen keeps none of it. Buttons named after the row ('Edit Dock crew') tell rows apart.
 */
export function RowActions(props: {
  /** The row's name, in the buttons' accessible names. */
  name: string;
  /** The dialog's question, e.g. 'Delete the segment “Dock crew”?'. */
  confirmTitle: string;
  onDelete: () => Promise<string | null>;
  onEdit?: () => void;
  /** Actions of the row's own, shown before Edit (e.g. a poll's Results). */
  children?: ReactNode;
}) {
  const { name, confirmTitle, onDelete, onEdit, children } = props;
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setDeleting(true);
    try {
      const problem = await onDelete();
      setError(problem);
      if (problem === null) setConfirming(false);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      {onEdit && (
        <Button size="xs" variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </Button>
      )}
      <Button
        size="xs"
        variant="subtle"
        // Red 9: the lighter reds fail contrast on the table's stripes.
        c="red.9"
        aria-label={`Delete ${name}`}
        onClick={() => {
          setError(null);
          setConfirming(true);
        }}
      >
        Delete
      </Button>
      <ConfirmDeleteDialog
        opened={confirming}
        title={confirmTitle}
        loading={deleting}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Group>
  );
}

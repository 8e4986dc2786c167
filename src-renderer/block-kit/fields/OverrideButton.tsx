import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

// An "override all ... styles" button, used by the Styles tab and the block settings panels:
// it asks first, in the spec's words, because it changes every block of its kind in the
// letter. Nothing changes until Proceed.

export const OVERRIDE_QUESTION = 'Are you sure you want to proceed?';

export function OverrideButton({ label, explanation, onConfirm, disabled }: { label: string; explanation: string; onConfirm: () => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={OVERRIDE_QUESTION} centered>
        <Text size="sm">{explanation}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Proceed
          </Button>
        </Group>
      </Modal>
    </>
  );
}

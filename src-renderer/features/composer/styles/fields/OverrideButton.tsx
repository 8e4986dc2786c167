import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useStylesEnvironment } from '../styles-context';

/**
 * An override button with the spec's confirmation: 'Are you sure you want to proceed?' and
 * what the override replaces. Nothing changes until Proceed.
 */
export function OverrideButton({ label, explanation, onConfirm }: { label: string; explanation: string; onConfirm: () => void }) {
  const { disabled } = useStylesEnvironment();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="light" size="xs" disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Are you sure you want to proceed?" centered>
        <Text size="sm" mb="md">
          {explanation}
        </Text>
        <Group justify="flex-end">
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

import { Button, Modal, Text } from '@mantine/core';

/** The spec's editing-control-taken alert (spec 1 §8): the only way on is out. */
export function TakenOverAlert({ name, onExit }: { name: string; onExit: () => void }) {
  return (
    <Modal opened onClose={onExit} withCloseButton={false} closeOnClickOutside={false} title={`${name} has taken over editing this newsletter`} centered>
      <Text mb="md">Only one person may edit a newsletter at a time, and {name} has taken over editing control.</Text>
      <Button onClick={onExit}>Exit to dashboard</Button>
    </Modal>
  );
}

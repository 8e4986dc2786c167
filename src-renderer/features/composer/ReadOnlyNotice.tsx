import { Alert, Button } from '@mantine/core';

/** Someone else holds the letter (spec 1 §4 "Claiming"): it opens read only, with the way to take it over. */
export function ReadOnlyNotice({ message, onTakeOver }: { message: string; onTakeOver: () => void }) {
  return (
    <Alert color="yellow" title="Read only">
      {message}
      <Button size="xs" variant="light" ml="md" onClick={onTakeOver}>
        Take over editing
      </Button>
    </Alert>
  );
}

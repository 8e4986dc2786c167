import { Alert } from '@mantine/core';
import { CLONE_FAILED_MESSAGE } from '../../app/letter-clone-api';

/** Spec 1 §8 "Clone failure": the spec's words, with the reason when there is one. */
export function CloneFailedAlert(props: { reason: string | null; onClose: () => void }) {
  if (props.reason === null) return null;
  return (
    <Alert color="red" mb="md" title={CLONE_FAILED_MESSAGE} withCloseButton closeButtonLabel="Dismiss" onClose={props.onClose}>
      {props.reason}
    </Alert>
  );
}

import { Switch, Text } from '@mantine/core';
import type { Letter } from '../../../../shared/model/letter';
import { privateWhenScheduled } from '../../../../shared/rules/letter-privacy';
import { errorMessage, useSetPrivateMutation } from './lifecycle-api';
import { toastError } from '../../../ui/toasts';

export interface PrivateSwitchProps {
  letter: Pick<Letter, 'uniqueId' | 'private' | 'privateChosen'>;
  /** The audience chosen in the step (not sent yet): it sets the default until the editor chooses. */
  segmentId: number | null;
  disabled?: boolean;
}

/**
 * The schedule step's Private switch: a private letter is left off the channel's public web
 * archive once sent. Until the editor flips it, it shows the default for the chosen audience
 * (shared/rules/letter-privacy.ts), which the platform applies when the letter is scheduled.
 * Flipping it is update-private, at once: it needs the platform.
 */
export function PrivateSwitch({ letter, segmentId, disabled }: PrivateSwitchProps) {
  const [setPrivate, { isLoading }] = useSetPrivateMutation();
  const checked = privateWhenScheduled(letter, segmentId);
  const change = (next: boolean) => {
    setPrivate({ uniqueId: letter.uniqueId, private: next })
      .unwrap()
      .catch((error: unknown) => toastError(errorMessage(error, 'Sorry, the letter could not be changed.')));
  };
  return (
    <div>
      <Switch
        label="Private"
        checked={checked}
        disabled={disabled || isLoading}
        onChange={(event) => change(event.currentTarget.checked)}
        description={checked ? 'Not shown on the public web archive.' : 'Anyone can read it on the web archive once it is sent.'}
      />
      {!letter.privateChosen && (
        <Text size="xs" c="dimmed" mt={4}>
          The default for this audience: letters to a segment or to specific emails are private, letters to all active subscribers public.
        </Text>
      )}
    </div>
  );
}

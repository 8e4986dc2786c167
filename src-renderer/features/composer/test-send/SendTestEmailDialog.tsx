import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { localMailboxPath } from '../../../../shared/app-paths';
import { bridgeChannels } from '../../../../shared/contract/bridge';
import type { Letter } from '../../../../shared/model/letter';
import { useSendTestEmailMutation } from './test-send-api';
import { errorMessage, errorWithDetails } from '../../../app/bridge-errors';

/** Spec 1 §8 "Test email": the status reads this while the send runs. */
export const SENDING_STATUS = 'Sending...';
const SEND_FAILED_TITLE = 'Test email not sent';
/** What the dialog says when the platform kept the test instead of emailing it (no mail server). */
export const KEPT_IN_LOCAL_MAILBOX_STATUS = 'Kept in the platform’s local mailbox: no mail server is set up, so nothing was emailed.';

// The bridge's own rule for the address, so the dialog and the core refuse the same input
// with the same words.
const toEmailSchema = bridgeChannels['letters.sendTest'].input.shape.toEmail;

type Status = { tone: 'busy' | 'sent' | 'kept' | 'failed'; message: string } | null;

/**
 * Send a Test Email (spec 1 §2 Overlays, §8): an address, required and valid; the status
 * reads 'Sending...' and then one true thing: the platform's message when it emailed the test,
 * or that it kept it in its local mailbox (with a way to open it) when it has no mail
 * server; a failure also raises a toast with it.
 * `onBeforeSend` lets the composer finish its pending local saves, so the test shows them.
 */
export function SendTestEmailDialog(props: {
  letter: Pick<Letter, 'uniqueId' | 'title'>;
  opened: boolean;
  onClose: () => void;
  defaultEmail?: string;
  onBeforeSend?: () => void | Promise<unknown>;
}) {
  const { letter, opened, onClose, defaultEmail = '', onBeforeSend } = props;
  const [toEmail, setToEmail] = useState(defaultEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [sendTestEmail, sending] = useSendTestEmailMutation();
  const navigate = useNavigate();

  // The address is kept between openings (the same person usually tests again); the last
  // outcome is not.
  useEffect(() => {
    if (opened) setStatus(null);
  }, [opened]);
  useEffect(() => {
    setToEmail((current) => current || defaultEmail);
  }, [defaultEmail]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (sending.isLoading) return;
    const parsed = toEmailSchema.safeParse(toEmail);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address');
      return;
    }
    setFieldError(null);
    setStatus({ tone: 'busy', message: SENDING_STATUS });
    try {
      await onBeforeSend?.();
    } catch {
      // A local save that failed has said so in the composer; the platform's copy is sent.
    }
    const result = await sendTestEmail({ uniqueId: letter.uniqueId, toEmail: parsed.data });
    if ('data' in result && result.data) {
      setStatus(result.data.keptInLocalMailbox ? { tone: 'kept', message: KEPT_IN_LOCAL_MAILBOX_STATUS } : { tone: 'sent', message: result.data.message });
      return;
    }
    const error = 'error' in result ? result.error : undefined;
    let message = errorMessage(error, 'The test email could not be sent.');
    if (error && typeof error === 'object' && 'fields' in error && error.fields && typeof error.fields === 'object') {
      const fieldMessage = (error.fields as Record<string, string[] | undefined>).toEmail?.[0];
      if (fieldMessage) setFieldError(fieldMessage);
      // Anything else refused (a merge tag in a block) is said in the status, block and tag named.
      else message = errorWithDetails(error, message);
    }
    setStatus({ tone: 'failed', message });
    notifications.show({ color: 'red', title: SEND_FAILED_TITLE, message });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Send a Test Email" centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {`Sends “${letter.title || 'this letter'}” as subscribers will get it, with a test subscriber's merge tags.`}
          </Text>
          <TextInput
            label="Email address"
            type="email"
            required
            data-autofocus
            value={toEmail}
            error={fieldError}
            onChange={(event) => {
              setToEmail(event.currentTarget.value);
              setFieldError(null);
            }}
          />
          <Text
            role="status"
            aria-live="polite"
            size="sm"
            c={status?.tone === 'failed' ? 'red' : status?.tone === 'sent' ? 'teal' : status?.tone === 'kept' ? 'orange.8' : 'dimmed'}
            mih="1.4em"
          >
            {status?.message ?? ''}
          </Text>
          <Group justify="flex-end">
            {status?.tone === 'kept' && (
              <Button
                variant="light"
                mr="auto"
                onClick={() => {
                  onClose();
                  navigate(localMailboxPath);
                }}
              >
                Open the local mailbox
              </Button>
            )}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={sending.isLoading}>
              Send test
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

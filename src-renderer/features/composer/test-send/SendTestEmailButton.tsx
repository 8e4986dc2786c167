import { Button, Tooltip } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import type { Letter } from '../../../../shared/model/letter';
import { shortcutLabel, useCommandHandlers } from '../../../app/command-bus';
import { TEST_SEND_COMMANDS } from '../composer-commands';
import { useGetSessionQuery } from '../../../app/session-api';
import { canSendTestEmail } from './can-send-test-email';
import { SendTestEmailDialog } from './SendTestEmailDialog';

/**
 * The composer's Send a Test Email action: a button and the 'letter.sendTestEmail' command
 * (CmdOrCtrl+Shift+E, and the native menu item) open the dialog. Nothing is shown, and the
 * shortcut does nothing, where the spec hides it (special provider, company letters).
 */
export function SendTestEmailButton(props: {
  letter: Pick<Letter, 'uniqueId' | 'title' | 'esp' | 'channelSlug' | 'publicationStatus'>;
  onBeforeSend?: () => void | Promise<unknown>;
}) {
  const { letter, onBeforeSend } = props;
  const [opened, setOpened] = useState(false);
  const visible = canSendTestEmail(letter);
  const { data: session } = useGetSessionQuery();
  useCommandHandlers(TEST_SEND_COMMANDS, { 'letter.sendTestEmail': () => setOpened(true) }, visible);

  if (!visible) return null;
  return (
    <>
      <Tooltip label={`Send a Test Email (${shortcutLabel('letter.sendTestEmail')})`}>
        <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => setOpened(true)}>
          Send test
        </Button>
      </Tooltip>
      <SendTestEmailDialog
        letter={letter}
        opened={opened}
        onClose={() => setOpened(false)}
        defaultEmail={session?.user?.email ?? ''}
        {...(onBeforeSend ? { onBeforeSend } : {})}
      />
    </>
  );
}

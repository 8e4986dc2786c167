import { Paper, Stack, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import type { LocalMailboxMessage } from '../../../shared/contract/local-mailbox';
import { withPreviewPolicy } from '../composer/PreviewPane';

/**
 * Every link of the kept email opens a new window, which the frame may open (allow-popups)
 * as an ordinary page (allow-popups-to-escape-sandbox): in the browser host a new tab, in the
 * desktop app the window-open rule every window has (web-contents-guards.ts), which hands
 * the address to the system browser. The platform already took the open pixel out and made
 * tracked links direct (src-server/delivery/mailbox-preview.ts), so nothing is recorded;
 * the preview policy still refuses scripts and anything but images, styles and fonts.
 */
export const KEPT_EMAIL_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

export function keptEmailDocument(html: string): string {
  const base = '<base target="_blank">';
  const withBase = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (head) => head + base) : base + html;
  return withPreviewPolicy(withBase);
}

export function KeptEmail({ message }: { message: LocalMailboxMessage }) {
  return (
    <Paper withBorder p="md" style={{ flex: 1, minWidth: 0 }} aria-label="Kept email" component="section">
      <Stack gap={4} mb="sm">
        <Title order={3}>{message.subject || '(no subject)'}</Title>
        <Text size="sm">{`From ${message.from}`}</Text>
        <Text size="sm">{`To ${message.to}`}</Text>
        <Text size="sm" c="dimmed">
          {dayjs(message.createdAt).format('MMM D, YYYY [at] h:mm a')}
        </Text>
      </Stack>
      {/* No scripts, forms or same-origin access; links leave in a new window (see above). */}
      <iframe
        title="Kept email content"
        sandbox={KEPT_EMAIL_SANDBOX}
        srcDoc={keptEmailDocument(message.html)}
        style={{ width: '100%', height: '70vh', border: 0, background: '#fff' }}
      />
    </Paper>
  );
}

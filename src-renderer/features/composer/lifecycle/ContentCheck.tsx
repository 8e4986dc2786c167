import { Badge, Group, List, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { PreviewInsights } from '../../../../shared/contract/bridge';
import type { MailSize } from '../../../../shared/contract/inbox-compatibility';
import { gmailClipMessage } from '../../../../shared/rules/gmail-clip';
import { useGetInboxCompatibilityQuery, useGetPreviewQuery } from '../composer-api';
import { InboxCompatibility } from './InboxCompatibility';
import { SpamScore } from './SpamScore';
import { SidebarSection } from '../../../block-kit/SidebarSection';
import { toastError } from '../../../ui/toasts';

export const INSIGHTS_FAILED_MESSAGE = 'insights failed to load';
/** Empty text blocks send nothing; the editor may have meant to write in them. */
export const EMPTY_TEXT_BLOCKS_MESSAGE = (n: number) => `${n} ${n === 1 ? 'text block is' : 'text blocks are'} empty.`;
/** An image block without a picture is left out of the email; in a layout its column would be blank. */
export const EMPTY_IMAGE_SLOT_MESSAGE = (block: string) => `${block} has no picture: it is left out of the email.`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** What the renderer flags, in words an editor can act on; Gmail's clip is judged on the email as mailed. */
function flagMessages({ flags }: PreviewInsights, mailSize: MailSize | undefined): string[] {
  const messages: string[] = [];
  if (mailSize?.gmailClipping) messages.push(gmailClipMessage(mailSize.size));
  if (flags.missingUnsubscribe) messages.push('This letter has no unsubscribe link.');
  if (flags.imagesWithoutAlt.length > 0) {
    const n = flags.imagesWithoutAlt.length;
    messages.push(`${n} ${n === 1 ? 'image has' : 'images have'} no alt text.`);
  }
  if (flags.emptyTextBlocks > 0) messages.push(EMPTY_TEXT_BLOCKS_MESSAGE(flags.emptyTextBlocks));
  for (const slot of flags.emptyImageSlots) messages.push(EMPTY_IMAGE_SLOT_MESSAGE(slot.block));
  if (flags.insecureLinks.length > 0) {
    const n = flags.insecureLinks.length;
    messages.push(`${n} ${n === 1 ? 'link does' : 'links do'} not use https.`);
  }
  return messages;
}

/**
 * Content check (CONTENT CHECK, spec 1 §2, §9): readability as ease/100, time to read, word count with '~',
 * size with Good/Warning (of the email as mailed, minified); 'N/A' until known. Shares the preview's request (same revision).
 * Below, what will not show as designed in each mail client family (InboxCompatibility), and
 * the spam score the platform's SpamAssassin gives the email, on demand (SpamScore).
 */
export function ContentCheck({ uniqueId, revision, spamCheckRequest = 0 }: { uniqueId: string; revision: string; spamCheckRequest?: number }) {
  const { data, error, isFetching } = useGetPreviewQuery({ uniqueId, revision });
  // The size is the mailed email's (minified), which the core measures with the inbox check.
  const mailSize = useGetInboxCompatibilityQuery({ uniqueId, revision }).data?.mailSize;
  useEffect(() => {
    if (error) toastError(INSIGHTS_FAILED_MESSAGE);
  }, [error]);
  const insights = error ? undefined : data?.insights;
  const ease = insights?.readability.ease;
  const time = insights?.readability.time;
  const flags = insights ? flagMessages(insights, mailSize) : [];
  return (
    <SidebarSection title="Content check">
      <Row label="Readability">{ease === undefined || ease === null ? 'N/A' : `${Math.round(ease)}/100`}</Row>
      <Row label="Time to read">{time === undefined || time === null ? 'N/A' : `${time} min`}</Row>
      <Row label="Word count">{insights ? `~${insights.wordCount}` : 'N/A'}</Row>
      <Row label="Size">
        {mailSize ? (
          <Group gap={6} wrap="nowrap">
            <span>{mailSize.size} KB</span>
            <Badge size="sm" variant="light" color={mailSize.weight === 'Good' ? 'teal' : 'orange'}>
              {mailSize.weight}
            </Badge>
          </Group>
        ) : (
          'N/A'
        )}
      </Row>
      {isFetching && <Loader size="xs" aria-label="Checking content" />}
      {flags.length > 0 && (
        <List size="sm" c="orange" aria-label="Content warnings">
          {flags.map((message) => (
            <List.Item key={message}>{message}</List.Item>
          ))}
        </List>
      )}
      <InboxCompatibility uniqueId={uniqueId} revision={revision} />
      <SpamScore uniqueId={uniqueId} revision={revision} request={spamCheckRequest} />
    </SidebarSection>
  );
}

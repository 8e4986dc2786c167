import { Anchor, Group, Loader, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { responseRatePercent } from '../../../shared/contract/platform-polls';
import type { PollSummary } from '../../../shared/contract/platform-polls';
import { OptionResultsTable } from '../../ui/OptionResultsTable';
import { NO_RESPONSES, formatResponseRate } from './poll-labels';
import { PollTypeBadge } from './PollTypeBadge';
import { useLetterPollDetailQuery, useLetterPollSummaryQuery } from './polls-api';
import { formatDateTime } from '../../../shared/rules/display-dates';
import { useChannel } from '../../app/use-channel';

// The letter report's poll results (spec 1 §2, §9): one row per poll of the letter with its
// responses, sends and rate ('—' with no responses), and a detail modal per poll. A letter
// without polls shows no card; a failed fetch reads as no polls (spec 1 §8).

interface LetterRef {
  brandSlug: string;
  channelSlug: string;
  letterUniqueId: string;
}

export function PollResultsCard({ letter }: { letter: LetterRef }) {
  const { data } = useLetterPollSummaryQuery(letter, { refetchOnMountOrArgChange: true });
  const [open, setOpen] = useState<PollSummary | null>(null);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Poll results">
      <Title order={3} size="h4" mb="sm">
        Poll results
      </Title>
      <Table aria-label="Poll results">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Poll</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Responses</Table.Th>
            <Table.Th>Sent</Table.Th>
            <Table.Th>Response rate</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((poll) => (
            <Table.Tr key={poll.id}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => setOpen(poll)}>
                  {poll.title}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <PollTypeBadge type={poll.pollType} />
              </Table.Td>
              <Table.Td>{poll.totalResponses > 0 ? poll.totalResponses : NO_RESPONSES}</Table.Td>
              <Table.Td>{poll.totalSends}</Table.Td>
              <Table.Td>{formatResponseRate(poll.totalResponses, responseRatePercent(poll.totalResponses, poll.totalSends))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {open && <PollDetailModal letter={letter} poll={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}

function PollDetailModal({ letter, poll, onClose }: { letter: LetterRef; poll: PollSummary; onClose: () => void }) {
  const { data: detail, isLoading } = useLetterPollDetailQuery({ ...letter, id: poll.id }, { refetchOnMountOrArgChange: true });
  const zone = useChannel(letter.brandSlug, letter.channelSlug)?.timezone.tzCode;
  return (
    <Modal opened onClose={onClose} title={poll.title} size="lg">
      {isLoading && <Loader size="sm" aria-label="Loading the poll" />}
      {!isLoading && !detail && <Text>No details for this poll.</Text>}
      {detail && (
        <Stack gap="sm">
          <Group gap="xs">
            <PollTypeBadge type={detail.pollType} />
            <Text size="sm">{detail.questionText}</Text>
          </Group>
          <Table aria-label="Poll detail" variant="vertical">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Recipients</Table.Th>
                <Table.Td>{detail.recipients}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Responses</Table.Th>
                <Table.Td>{detail.responses > 0 ? detail.responses : NO_RESPONSES}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Response rate</Table.Th>
                <Table.Td>{formatResponseRate(detail.responses, detail.responseRatePercent)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Last response</Table.Th>
                <Table.Td>{detail.lastResponseDate ? formatDateTime(detail.lastResponseDate, zone) : NO_RESPONSES}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Results on the response page</Table.Th>
                <Table.Td>{detail.showResultsOnResponsePage ? 'Shown' : 'Not shown'}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <OptionResultsTable options={detail.options} totalResponses={detail.responses} />
        </Stack>
      )}
    </Modal>
  );
}

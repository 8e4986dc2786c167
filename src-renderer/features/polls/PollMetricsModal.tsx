import { Alert, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { Poll } from '../../../shared/contract/platform-polls';
import { PollType } from '../../../shared/model/enums';
import { countLabel } from '../../../shared/rules/count-label';
import { OptionResultsTable } from '../../ui/OptionResultsTable';
import { saveTextFile } from '../../ui/save-text-file';
import { formatResponseRate } from './poll-labels';
import { PollTypeBadge } from './PollTypeBadge';
import { useDownloadPollCsvMutation, usePollMetricsQuery } from './polls-api';
import { useState } from 'react';

// A poll's results over every letter that carried it, per option and per letter, and its
// answers as CSV.

export function PollMetricsModal({ brandSlug, poll, onClose }: { brandSlug: string; poll: Poll; onClose: () => void }) {
  const { data, isLoading, error } = usePollMetricsQuery({ brandSlug, id: poll.id }, { refetchOnMountOrArgChange: true });
  const [download, downloading] = useDownloadPollCsvMutation();
  const [downloadError, setDownloadError] = useState<string | null>(null);

  const onDownload = async () => {
    const result = await download({ brandSlug, id: poll.id });
    if ('error' in result && result.error) {
      setDownloadError('message' in result.error ? String(result.error.message) : 'The download failed.');
      return;
    }
    setDownloadError(null);
    saveTextFile(result.data.fileName, result.data.content);
  };

  return (
    <Modal opened onClose={onClose} title={`Results: ${poll.title}`} size="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <PollTypeBadge type={poll.pollType} />
          <Text size="sm">{poll.questionText}</Text>
        </Group>
        {isLoading && <Loader size="sm" aria-label="Loading the results" />}
        {error && <Alert color="red">{'message' in error ? String(error.message) : 'The results could not be loaded.'}</Alert>}
        {data && (
          <>
            <Text size="sm">
              {countLabel(data.totalResponses, 'response')} of {data.totalSends} sent · response rate {formatResponseRate(data.totalResponses, data.responseRatePercent)}
              {poll.pollType === PollType.quiz && data.correctPercent !== null && ` · ${data.correctPercent.toFixed(1)}% correct`}
              {poll.pollType === PollType.feedbackScale && data.averageScore !== null && ` · average ${data.averageScore.toFixed(1)}`}
            </Text>
            <OptionResultsTable options={data.options} totalResponses={data.totalResponses} />
            {data.letters.length > 0 && (
              <Table aria-label="Answers per letter">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Letter</Table.Th>
                    <Table.Th>Responses</Table.Th>
                    <Table.Th>Sent</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.letters.map((letter) => (
                    <Table.Tr key={letter.letterId}>
                      <Table.Td>{letter.title}</Table.Td>
                      <Table.Td>{letter.responses}</Table.Td>
                      <Table.Td>{letter.sends}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
        {downloadError && <Alert color="red">{downloadError}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" loading={downloading.isLoading} onClick={() => void onDownload()}>
            Download CSV
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

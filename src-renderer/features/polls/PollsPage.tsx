import { Alert, Button, Group, Loader, MultiSelect, Pagination, Paper, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconListCheck, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { POLL_LIST_LIMIT } from '../../../shared/contract/platform-polls';
import type { Poll } from '../../../shared/contract/platform-polls';
import { FEATURE_FLAGS } from '../../../shared/model/feature-flags';
import type { PollType } from '../../../shared/model/enums';
import { useFeatureFlags } from '../../app/feature-flags';
import { RowActions } from '../../ui/RowActions';
import { POLL_TYPE_CHOICES } from './poll-labels';
import { PollFormModal } from './PollFormModal';
import { PollMetricsModal } from './PollMetricsModal';
import { PollTypeBadge } from './PollTypeBadge';
import { useDeletePollMutation, useListPollsQuery } from './polls-api';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { formatDate } from '../../../shared/rules/display-dates';
import { ListEmptyState } from '../../ui/ListEmptyState';

// The organization's polls (spec 3 §1 "Polls"): newest first, 50 a page, filtered by type
// and title; create, edit, delete (confirm-delete) and each poll's results with its CSV.
// Shown only where the polls feature flag is on.

const SEARCH_DEBOUNCE_MS = 300;

export function PollsPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const isFeatureOn = useFeatureFlags(brandSlug, channelSlug);
  if (!isFeatureOn(FEATURE_FLAGS.composerPollBlock)) {
    return (
      <ScreenFrame title="Polls">
        <Alert>Polls are not turned on for this organization.</Alert>
      </ScreenFrame>
    );
  }
  return <PollsScreen brandSlug={brandSlug} />;
}

function PollsScreen({ brandSlug }: { brandSlug: string }) {
  const [page, setPage] = useState(1);
  const [types, setTypes] = useState<string[]>([]);
  const [titleText, setTitleText] = useState('');
  const [title] = useDebouncedValue(titleText.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isLoading, error } = useListPollsQuery({ brandSlug, page, limit: POLL_LIST_LIMIT, types: types.map(Number) as PollType[], title });
  const [editing, setEditing] = useState<Poll | 'new' | null>(null);
  const [measuring, setMeasuring] = useState<Poll | null>(null);
  const [deletePoll] = useDeletePollMutation();
  const pages = data ? Math.max(1, Math.ceil(data.total / POLL_LIST_LIMIT)) : 1;

  const remove = async (poll: Poll): Promise<string | null> => {
    const result = await deletePoll({ brandSlug, id: poll.id });
    if ('error' in result && result.error) return 'message' in result.error ? String(result.error.message) : 'The poll could not be deleted.';
    return null;
  };

  return (
    <ScreenFrame
      title="Polls"
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          New poll
        </Button>
      }
    >
      <Group align="flex-end">
        <TextInput
          label="Search by title"
          value={titleText}
          onChange={(e) => {
            setTitleText(e.currentTarget.value);
            setPage(1);
          }}
        />
        <MultiSelect
          label="Type"
          placeholder={types.length === 0 ? 'All types' : undefined}
          data={POLL_TYPE_CHOICES}
          value={types}
          clearable
          onChange={(value) => {
            setTypes(value);
            setPage(1);
          }}
        />
      </Group>
      <Paper withBorder>
        {isLoading && <Loader m="md" aria-label="Loading polls" />}
        {error && (
          <Alert color="red" m="md">
            {'message' in error ? String(error.message) : 'The polls could not be loaded.'}
          </Alert>
        )}
        {data && data.items.length === 0 && (title || types.length > 0) && (
          <Text p="md" c="dimmed">
            No polls match.
          </Text>
        )}
        {data && data.items.length === 0 && !title && types.length === 0 && (
          <ListEmptyState
            icon={IconListCheck}
            title="No polls yet"
            actions={
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                Create your first poll
              </Button>
            }
          >
            Ask your readers a question inside a letter; their answers show here and in each letter’s report.
          </ListEmptyState>
        )}
        {data && data.items.length > 0 && (
          <Table aria-label="Polls" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Title</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Responses</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((poll) => (
                <Table.Tr key={poll.id}>
                  <Table.Td>
                    <Text fw={500}>{poll.title}</Text>
                    <Text size="xs" c="dimmed">
                      {poll.questionText}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <PollTypeBadge type={poll.pollType} />
                  </Table.Td>
                  <Table.Td>{poll.totalResponses}</Table.Td>
                  <Table.Td>{formatDate(poll.createdAt)}</Table.Td>
                  <Table.Td>
                    <RowActions name={poll.title} confirmTitle={`Delete the poll “${poll.title}”?`} onEdit={() => setEditing(poll)} onDelete={() => remove(poll)}>
                      <Button size="xs" variant="subtle" aria-label={`Results of ${poll.title}`} onClick={() => setMeasuring(poll)}>
                        Results
                      </Button>
                    </RowActions>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Poll pages" />}
      {editing && (
        <PollFormModal
          key={editing === 'new' ? 'new' : editing.id}
          brandSlug={brandSlug}
          poll={editing === 'new' ? null : editing}
          opened
          onClose={() => setEditing(null)}
        />
      )}
      {measuring && <PollMetricsModal brandSlug={brandSlug} poll={measuring} onClose={() => setMeasuring(null)} />}
    </ScreenFrame>
  );
}

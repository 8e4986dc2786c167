import { Alert, Badge, Button, Group, Loader, Pagination, Paper, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { SEGMENT_PAGE_SIZE_DEFAULT, type Segment } from '../../../shared/contract/platform-audience';
import { RowActions } from '../../ui/RowActions';
import { errorMessage, useDeleteSegmentMutation, useListChannelSegmentsQuery } from './audience-api';
import { SegmentFormModal } from './SegmentFormModal';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { ListEmptyState } from '../../ui/ListEmptyState';

// A channel's segments (spec 3 §7): name, tags and total, 10 a page; create and edit with
// the criteria builder, delete with the confirm-delete dialog. The platform's refusals
// (a segment a scheduled letter uses, a name taken) are shown as it words them.

const SEARCH_DEBOUNCE_MS = 300;

export function SegmentsPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const [page, setPage] = useState(1);
  const [nameText, setNameText] = useState('');
  const [name] = useDebouncedValue(nameText.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isLoading, error } = useListChannelSegmentsQuery({ brandSlug, channelSlug, name, page, itemsPerPage: SEGMENT_PAGE_SIZE_DEFAULT });
  const [editing, setEditing] = useState<Segment | 'new' | null>(null);
  const [deleteSegment] = useDeleteSegmentMutation();
  const pages = data ? Math.max(1, Math.ceil(data.total / SEGMENT_PAGE_SIZE_DEFAULT)) : 1;

  const remove = async (segment: Segment): Promise<string | null> => {
    const result = await deleteSegment({ brandSlug, channelSlug, id: segment.id });
    return 'error' in result && result.error ? errorMessage(result.error, 'The segment could not be deleted.') : null;
  };

  return (
    <ScreenFrame
      title="Segments"
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          New segment
        </Button>
      }
    >
      <TextInput
        label="Search by name"
        maw={320}
        value={nameText}
        onChange={(e) => {
          setNameText(e.currentTarget.value);
          setPage(1);
        }}
      />
      <Paper withBorder>
        {isLoading && <Loader m="md" aria-label="Loading segments" />}
        {error && (
          <Alert color="red" m="md">
            {errorMessage(error, 'The segments could not be loaded.')}
          </Alert>
        )}
        {data && data.segments.length === 0 && name && (
          <Text p="md" c="dimmed">
            No segments match.
          </Text>
        )}
        {data && data.segments.length === 0 && !name && (
          <ListEmptyState
            icon={IconUsersGroup}
            title="No segments yet"
            actions={
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
                Create your first segment
              </Button>
            }
          >
            A segment is the part of your audience a letter goes to, chosen by tags, sign-up date or what they opened and clicked.
          </ListEmptyState>
        )}
        {data && data.segments.length > 0 && (
          <Table aria-label="Segments" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Tags</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.segments.map((segment) => (
                <Table.Tr key={segment.id}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={500}>{segment.name}</Text>
                      {segment.isEngagementSegment && (
                        <Badge size="xs" variant="filled" color="grape.9">
                          Engagement
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{segment.tags.join(', ')}</Table.Td>
                  <Table.Td>{segment.total.toLocaleString('en-US')}</Table.Td>
                  <Table.Td>
                    <RowActions
                      name={segment.name}
                      confirmTitle={`Delete the segment “${segment.name}”?`}
                      onEdit={() => setEditing(segment)}
                      onDelete={() => remove(segment)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label="Segment pages" />}
      {editing && (
        <SegmentFormModal
          key={editing === 'new' ? 'new' : editing.id}
          brandSlug={brandSlug}
          channelSlug={channelSlug}
          segment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </ScreenFrame>
  );
}

import { Anchor, Badge, Table, Tooltip, UnstyledButton } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { LetterListItem } from '../../../shared/contract/bridge';
import { publicationStatusLabel, type LetterSortColumn } from '../../../shared/model/publication';
import { letterPath } from '../../app/paths';

export interface SortState {
  sort: LetterSortColumn;
  direction: 'asc' | 'desc';
}

function SortableHeader(props: { label: string; column: LetterSortColumn; state: SortState; onSort: (next: SortState) => void }) {
  const { label, column, state, onSort } = props;
  const active = state.sort === column;
  const next: SortState = { sort: column, direction: active && state.direction === 'asc' ? 'desc' : 'asc' };
  return (
    <Table.Th aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton fw={700} fz="sm" onClick={() => onSort(next)}>
        {label} {active ? (state.direction === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

/** The newsletters table: title (with an unsynced mark), status, audience, updated time. */
export function NewslettersTable(props: {
  letters: LetterListItem[];
  brandSlug: string;
  channelSlug: string;
  sort: SortState;
  onSort: (next: SortState) => void;
}) {
  const { letters, brandSlug, channelSlug, sort, onSort } = props;
  return (
    <Table highlightOnHover aria-label="Newsletters">
      <Table.Thead>
        <Table.Tr>
          <SortableHeader label="Title" column="title" state={sort} onSort={onSort} />
          <Table.Th>Status</Table.Th>
          <SortableHeader label="Audience" column="audience" state={sort} onSort={onSort} />
          <SortableHeader label="Updated" column="updated_at" state={sort} onSort={onSort} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {letters.map((letter) => (
          <Table.Tr key={letter.uniqueId}>
            <Table.Td>
              <Anchor component={Link} to={letterPath(brandSlug, channelSlug, letter.id ?? letter.uniqueId)}>
                {letter.title || 'Untitled draft'}
              </Anchor>
              {letter.unsynced && !letter.syncError && (
                <Badge ml="xs" size="xs" color="yellow" variant="light">
                  Not synced
                </Badge>
              )}
              {letter.syncError && (
                <Tooltip label={letter.syncError} multiline w={280}>
                  <Badge ml="xs" size="xs" color="red" variant="light" aria-label={`Not synced: ${letter.syncError}`}>
                    Not synced
                  </Badge>
                </Tooltip>
              )}
            </Table.Td>
            <Table.Td>{publicationStatusLabel(letter.publicationStatus)}</Table.Td>
            <Table.Td>{letter.segmentName ?? '—'}</Table.Td>
            <Table.Td>{dayjs(letter.updatedAt).format('MMM D, YYYY h:mm A')}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

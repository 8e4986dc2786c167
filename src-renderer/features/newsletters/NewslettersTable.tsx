import { ActionIcon, Anchor, Badge, Menu, Table, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import type { LetterListItem } from '../../../shared/contract/bridge';
import { publicationStatusLabel, type LetterSortColumn } from '../../../shared/model/publication';
import { letterPath } from '../../../shared/app-paths';
import { OlderTemplateNotice } from './OlderTemplateNotice';

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

const displayTitle = (letter: LetterListItem) => letter.title || 'Untitled draft';

/** A row's actions menu: Clone, for now. */
function RowActions(props: { letter: LetterListItem; busy: boolean; onClone: (letter: LetterListItem) => void }) {
  const { letter, busy, onClone } = props;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${displayTitle(letter)}`} loading={busy}>
          ⋯
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onClone(letter)}>Clone</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The letters table: title (with an unsynced mark), status, audience, updated time and a
 * row menu. The templates list leaves out the audience and marks older templates.
 */
export function NewslettersTable(props: {
  letters: LetterListItem[];
  brandSlug: string;
  channelSlug: string;
  sort: SortState;
  onSort: (next: SortState) => void;
  kind?: 'newsletters' | 'templates';
  onClone?: (letter: LetterListItem) => void;
  /** The letter being cloned, if any. */
  cloningId?: string | null;
}) {
  const { letters, brandSlug, channelSlug, sort, onSort, kind = 'newsletters', onClone, cloningId = null } = props;
  const templates = kind === 'templates';
  return (
    <Table highlightOnHover aria-label={templates ? 'Templates' : 'Newsletters'}>
      <Table.Thead>
        <Table.Tr>
          <SortableHeader label="Title" column="title" state={sort} onSort={onSort} />
          <Table.Th>Status</Table.Th>
          {!templates && <SortableHeader label="Audience" column="audience" state={sort} onSort={onSort} />}
          <SortableHeader label="Updated" column="updated_at" state={sort} onSort={onSort} />
          {onClone && (
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {letters.map((letter) => (
          <Table.Tr key={letter.uniqueId}>
            <Table.Td>
              <Anchor component={Link} to={letterPath(brandSlug, channelSlug, letter.id ?? letter.uniqueId)}>
                {displayTitle(letter)}
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
              {templates && <OlderTemplateNotice letter={letter} compact />}
            </Table.Td>
            <Table.Td>{publicationStatusLabel(letter.publicationStatus)}</Table.Td>
            {!templates && <Table.Td>{letter.segmentName ?? '—'}</Table.Td>}
            <Table.Td>{dayjs(letter.updatedAt).format('MMM D, YYYY h:mm A')}</Table.Td>
            {onClone && (
              <Table.Td>
                <RowActions letter={letter} busy={cloningId === letter.uniqueId} onClone={onClone} />
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

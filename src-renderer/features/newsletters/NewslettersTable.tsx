import { ActionIcon, Anchor, Badge, Menu, Table, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconCopy, IconDots, IconLock, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { LetterListItem } from '../../../shared/contract/bridge';
import type { LetterListMetricsItem } from '../../../shared/contract/platform-letter-list-metrics';
import { clickRate, formatRate, openRate } from '../../../shared/model/metrics-formulas';
import { publicationStatusLabel, type LetterSortColumn } from '../../../shared/model/publication';
import { formatSendDate } from '../../../shared/rules/schedule-dates';
import { letterPath } from '../../../shared/app-paths';
import { OlderTemplateNotice } from './OlderTemplateNotice';
import { formatDateTime } from '../../../shared/rules/display-dates';

export interface SortState {
  sort: LetterSortColumn;
  direction: 'asc' | 'desc';
}

function SortableHeader(props: { label: string; column: LetterSortColumn; state: SortState; onSort: (next: SortState) => void }) {
  const { label, column, state, onSort } = props;
  const active = state.sort === column;
  const next: SortState = { sort: column, direction: active && state.direction === 'asc' ? 'desc' : 'asc' };
  const Icon = !active ? IconArrowsSort : state.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (state.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton fw={700} fz="sm" onClick={() => onSort(next)} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}>
        {label}
        <Icon size={14} aria-hidden stroke={active ? 2.2 : 1.5} />
      </UnstyledButton>
    </Table.Th>
  );
}

const displayTitle = (letter: LetterListItem) => letter.title || 'Untitled draft';

/** A row's actions menu: Clone and Delete. */
function RowActions(props: { letter: LetterListItem; busy: boolean; onClone: (letter: LetterListItem) => void; onDelete?: (letter: LetterListItem) => void }) {
  const { letter, busy, onClone, onDelete } = props;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${displayTitle(letter)}`} loading={busy}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => onClone(letter)}>
          Clone
        </Menu.Item>
        {onDelete && (
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(letter)}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The send date on the channel's clock ('MMM DD, YYYY at h:mm a z', spec 1 §9), or '—'. */
function sendDate(letter: LetterListItem, timezone: string | null): string {
  if (!letter.publicationDate) return '—';
  return timezone ? formatSendDate(letter.publicationDate, timezone) : letter.publicationDate;
}

/**
 * The letters table: title (with an unsynced mark), status, audience, send date, recipients,
 * open and click rates (from the platform, '—' until it answers or for a letter not sent),
 * updated time and a row menu. The templates list leaves out audience, send date and the
 * numbers, and marks older templates.
 */
export function NewslettersTable(props: {
  letters: LetterListItem[];
  brandSlug: string;
  channelSlug: string;
  sort: SortState;
  onSort: (next: SortState) => void;
  kind?: 'newsletters' | 'templates';
  onClone?: (letter: LetterListItem) => void;
  onDelete?: (letter: LetterListItem) => void;
  /** The letter being cloned, if any. */
  cloningId?: string | null;
  /** Counts by platform id, for the newsletters list. */
  metrics?: ReadonlyMap<number, LetterListMetricsItem>;
  /** The channel's provider (the open-rate formula depends on it) and clock. */
  esp?: number;
  timezone?: string | null;
}) {
  const { letters, brandSlug, channelSlug, sort, onSort, kind = 'newsletters', onClone, onDelete, cloningId = null, metrics, esp = 0, timezone = null } = props;
  const templates = kind === 'templates';
  return (
    <Table.ScrollContainer minWidth={templates ? 560 : 900}>
      <Table highlightOnHover aria-label={templates ? 'Templates' : 'Newsletters'} verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <SortableHeader label="Title" column="title" state={sort} onSort={onSort} />
            <Table.Th>Status</Table.Th>
            {!templates && <SortableHeader label="Audience" column="audience" state={sort} onSort={onSort} />}
            {!templates && <SortableHeader label="Send date" column="publicationDate" state={sort} onSort={onSort} />}
            {!templates && <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Recipients</Table.Th>}
            {!templates && <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Open rate</Table.Th>}
            {!templates && <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>Click rate</Table.Th>}
            <SortableHeader label="Updated" column="updated_at" state={sort} onSort={onSort} />
            {onClone && (
              <Table.Th w={48}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {letters.map((letter) => {
            const counts = letter.id === null ? undefined : metrics?.get(letter.id);
            const sent = counts !== undefined && counts.sent > 0;
            return (
              <Table.Tr key={letter.uniqueId}>
                {/* Titles wrap, but not to a word a line when the numbers take the width. */}
                <Table.Td miw={200}>
                  <Anchor component={Link} to={letterPath(brandSlug, channelSlug, letter.id ?? letter.uniqueId)}>
                    {displayTitle(letter)}
                  </Anchor>
                  {letter.unsynced && !letter.syncError && (
                    <Badge ml="xs" size="xs" color="yellow.9" variant="light">
                      Not synced
                    </Badge>
                  )}
                  {letter.syncError && (
                    <Tooltip label={letter.syncError} multiline w={280}>
                      <Badge ml="xs" size="xs" color="red.9" variant="light" aria-label={`Not synced: ${letter.syncError}`}>
                        Not synced
                      </Badge>
                    </Tooltip>
                  )}
                  {/* Left off the public web archive: a letter to paying readers must not read as public. */}
                  {!templates && letter.private && (
                    <Tooltip label="Private: not on the public web archive">
                      <Badge ml="xs" size="xs" color="gray" variant="light" leftSection={<IconLock size={10} aria-hidden />}>
                        Private
                      </Badge>
                    </Tooltip>
                  )}
                  {templates && <OlderTemplateNotice letter={letter} compact />}
                </Table.Td>
                <Table.Td>{publicationStatusLabel(letter.publicationStatus)}</Table.Td>
                {!templates && <Table.Td>{letter.segmentName ?? '—'}</Table.Td>}
                {!templates && <Table.Td>{sendDate(letter, timezone)}</Table.Td>}
                {!templates && <Table.Td ta="right">{sent ? counts.sent.toLocaleString('en-US') : '—'}</Table.Td>}
                {!templates && <Table.Td ta="right">{sent ? formatRate(openRate(counts, esp)) : '—'}</Table.Td>}
                {!templates && <Table.Td ta="right">{sent ? formatRate(clickRate(counts)) : '—'}</Table.Td>}
                <Table.Td>{formatDateTime(letter.updatedAt, timezone)}</Table.Td>
                {onClone && (
                  <Table.Td>
                    <RowActions letter={letter} busy={cloningId === letter.uniqueId} onClone={onClone} onDelete={onDelete} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

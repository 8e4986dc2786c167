import { Anchor, Group, Pagination, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { letterPath } from '../../../shared/app-paths';
import { DASHBOARD_LETTERS_PAGE_SIZE, type DashboardLetter } from '../../../shared/contract/platform-dashboards';
import { formatRate } from '../../../shared/model/metrics-formulas';
import { formatSendDate } from '../../../shared/rules/schedule-dates';
import { sortLetters, type LetterSortColumn, type SortDirection } from './dashboard-letters-order';

const COLUMNS: { column: LetterSortColumn; label: string; numeric?: boolean }[] = [
  { column: 'title', label: 'Letter' },
  { column: 'channelSlug', label: 'Channel' },
  { column: 'sentAt', label: 'Send date' },
  { column: 'sent', label: 'Sent', numeric: true },
  { column: 'delivered', label: 'Delivered', numeric: true },
  { column: 'openRate', label: 'Open rate', numeric: true },
  { column: 'clickRate', label: 'Click rate', numeric: true },
];

const PAGE_CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

export interface DashboardLettersTableProps {
  letters: DashboardLetter[];
  /** Hides the channel column on a channel's own dashboard. */
  showChannel: boolean;
  /** A channel's title and clock, by 'brand/channel'. */
  channelOf: (letter: DashboardLetter) => { title: string; zone: string };
}

/** The letters sent in the period with their counts and rates, sortable by any column, 25 a page. */
export function DashboardLettersTable({ letters, showChannel, channelOf }: DashboardLettersTableProps) {
  const [sort, setSort] = useState<{ column: LetterSortColumn; direction: SortDirection }>({ column: 'sentAt', direction: 'desc' });
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(letters.length / DASHBOARD_LETTERS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = sortLetters(letters, sort.column, sort.direction).slice((current - 1) * DASHBOARD_LETTERS_PAGE_SIZE, current * DASHBOARD_LETTERS_PAGE_SIZE);
  const columns = COLUMNS.filter((c) => showChannel || c.column !== 'channelSlug');
  const sortBy = (column: LetterSortColumn) => {
    setSort((was) => ({ column, direction: was.column === column && was.direction === 'desc' ? 'asc' : 'desc' }));
    setPage(1);
  };
  return (
    <>
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Letters sent" striped>
          <Table.Thead>
            <Table.Tr>
              {columns.map(({ column, label, numeric }) => {
                const active = sort.column === column;
                const Icon = !active ? IconArrowsSort : sort.direction === 'asc' ? IconArrowUp : IconArrowDown;
                return (
                  <Table.Th key={column} ta={numeric ? 'right' : undefined} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
                    <UnstyledButton onClick={() => sortBy(column)} fw={600} fz="sm">
                      <Group gap={4} wrap="nowrap" justify={numeric ? 'flex-end' : undefined}>
                        {label}
                        <Icon size={14} aria-hidden />
                      </Group>
                    </UnstyledButton>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((letter) => {
              const channel = channelOf(letter);
              return (
                <Table.Tr key={letter.uniqueId}>
                  <Table.Td>
                    <Anchor component={Link} to={letterPath(letter.organizationSlug, letter.channelSlug, letter.id)}>
                      {letter.title || `Letter ${letter.id}`}
                    </Anchor>
                  </Table.Td>
                  {showChannel && <Table.Td>{channel.title}</Table.Td>}
                  <Table.Td>{formatSendDate(dayjs(letter.sentAt).tz(channel.zone).format('YYYY-MM-DD HH:mm:ss'), channel.zone)}</Table.Td>
                  <Table.Td ta="right">{letter.sent.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{letter.delivered.toLocaleString('en-US')}</Table.Td>
                  <Table.Td ta="right">{formatRate(letter.openRate)}</Table.Td>
                  <Table.Td ta="right">{formatRate(letter.clickRate)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {letters.length.toLocaleString('en-US')} letters
          </Text>
          <Pagination total={pages} value={current} onChange={setPage} aria-label="Letters pages" getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })} />
        </Group>
      )}
    </>
  );
}

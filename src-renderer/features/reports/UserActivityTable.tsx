import { Badge, Group, Pagination, Select, Table, Text, TextInput } from '@mantine/core';
import type { UserActivityFilter, UserActivityResponse } from '../../../shared/contract/platform-reports';
import { formatDateTime } from '../../../shared/rules/display-dates';
import { EmptyState } from '../../ui/EmptyState';

export const USER_ACTIVITY_FILTER_LABELS: Record<UserActivityFilter, string> = {
  all: 'Everyone',
  opened: 'Opened',
  clicked: 'Clicked',
  'not-opened': 'Not opened',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
};

export interface UserActivityTableProps {
  /** null: the list could not be loaded (the empty state). */
  activity: UserActivityResponse | null;
  zone: string;
  filter: UserActivityFilter;
  search: string;
  onFilterChange: (filter: UserActivityFilter) => void;
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
}

/** The pager's arrows are icons only: these are their names for screen readers. */
const PAGE_CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

const when = (instant: string | null, zone: string) => (instant ? formatDateTime(instant, zone) : '—');

/** Who the letter went to and what each did with it, a page at a time, with a filter and a search. */
export function UserActivityTable({ activity, zone, filter, search, onFilterChange, onSearchChange, onPageChange }: UserActivityTableProps) {
  const pages = activity ? Math.max(1, Math.ceil(activity.total / activity.pageSize)) : 1;
  return (
    <>
      <Group mb="sm" align="flex-end">
        <Select
          label="Show"
          data={Object.entries(USER_ACTIVITY_FILTER_LABELS).map(([value, label]) => ({ value, label }))}
          value={filter}
          allowDeselect={false}
          onChange={(value) => value && onFilterChange(value as UserActivityFilter)}
          w={180}
        />
        <TextInput label="Search" placeholder="Email or name" value={search} onChange={(event) => onSearchChange(event.currentTarget.value)} w={260} />
      </Group>
      {!activity ? (
        <EmptyState title="No activity to show">The readers’ activity could not be loaded. Try again later.</EmptyState>
      ) : activity.items.length === 0 ? (
        <Text c="dimmed">No one matches.</Text>
      ) : (
        <>
          <Table aria-label="User activity" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>First opened</Table.Th>
                <Table.Th>Last clicked</Table.Th>
                <Table.Th ta="right">Opens</Table.Th>
                <Table.Th ta="right">Clicks</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activity.items.map((row) => (
                <Table.Tr key={row.email}>
                  <Table.Td>{row.email}</Table.Td>
                  <Table.Td>{[row.firstName, row.lastName].filter(Boolean).join(' ')}</Table.Td>
                  <Table.Td>{when(row.firstOpenedAt, zone)}</Table.Td>
                  <Table.Td>{when(row.lastClickedAt, zone)}</Table.Td>
                  <Table.Td ta="right">{row.opens}</Table.Td>
                  <Table.Td ta="right">{row.clicks}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {row.variant && <Badge variant="light">Subject {row.variant}</Badge>}
                      {row.bounced && <Badge color="red" variant="light">Bounced</Badge>}
                      {row.unsubscribed && <Badge color="gray" variant="light">Unsubscribed</Badge>}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">
              {activity.total.toLocaleString('en-US')} {activity.total === 1 ? 'reader' : 'readers'}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={activity.page}
                onChange={onPageChange}
                aria-label="User activity pages"
                getControlProps={(control) => ({ 'aria-label': PAGE_CONTROL_LABELS[control] })}
              />
            )}
          </Group>
        </>
      )}
    </>
  );
}

import { Alert, Button, Group, Paper, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ReportLetter } from '../../../shared/contract/bridge-reports';
import type { UserActivityFilter } from '../../../shared/contract/platform-reports';
import { useGetUserActivityQuery } from './reports-api';
import { UserActivityTable } from './UserActivityTable';

const PAGE_SIZE = 25;
/** The search asks the platform once typing pauses. */
const SEARCH_DEBOUNCE_MS = 300;

/** The user activity card: the paged list and its CSV download. */
export function UserActivityCard(props: { letter: ReportLetter; zone: string; onDownload: (filter: UserActivityFilter, search: string) => Promise<string | null> }) {
  const { letter, zone, onDownload } = props;
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [filter, setFilter] = useState<UserActivityFilter>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { data, isError } = useGetUserActivityQuery({ ...letter, page, pageSize: PAGE_SIZE, filter, search: debouncedSearch });
  return (
    <Paper withBorder p="md" component="section" aria-label="User activity">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          User activity
        </Title>
        <Button
          variant="default"
          size="xs"
          loading={downloading}
          onClick={() => {
            setDownloading(true);
            void onDownload(filter, debouncedSearch)
              .then(setDownloadError)
              .finally(() => setDownloading(false));
          }}
        >
          Download CSV
        </Button>
      </Group>
      {downloadError && (
        <Alert color="red" mb="sm" role="alert">
          {downloadError}
        </Alert>
      )}
      <UserActivityTable
        activity={isError ? null : (data?.activity ?? null)}
        zone={zone}
        filter={filter}
        search={search}
        onFilterChange={(next) => (setFilter(next), setPage(1))}
        onSearchChange={(next) => (setSearch(next), setPage(1))}
        onPageChange={setPage}
      />
    </Paper>
  );
}

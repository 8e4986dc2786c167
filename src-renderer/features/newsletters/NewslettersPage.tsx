import { Alert, Button, Group, Loader, Select, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LETTER_LIST_PAGE_SIZE } from '../../../shared/contract/bridge';
import { LETTER_STATUS_FILTERS, type LetterStatusFilter } from '../../../shared/model/publication';
import { shortcutLabel, useCommandHandler } from '../../app/command-bus';
import { letterPath } from '../../app/paths';
import { useGetSessionQuery } from '../session/session-api';
import { useCreateLetterMutation, useListLettersQuery } from './newsletters-api';
import { NewslettersTable, type SortState } from './NewslettersTable';

const STATUS_OPTIONS = Object.entries(LETTER_STATUS_FILTERS).map(([value, { label }]) => ({ value, label }));
/** Typing pauses this long before the list searches. */
const SEARCH_DEBOUNCE_MS = 200;

/** The channel's newsletters: search, status filter, sortable table and New letter. */
export function NewslettersPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const navigate = useNavigate();
  const { data: session } = useGetSessionQuery();
  const channel = session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [status, setStatus] = useState<LetterStatusFilter>('any');
  const [sort, setSort] = useState<SortState>({ sort: 'updated_at', direction: 'desc' });
  const [limit, setLimit] = useState(LETTER_LIST_PAGE_SIZE);
  const { data: letters, isLoading, isFetching, error } = useListLettersQuery(
    { brandSlug, channelSlug, status, ...sort, limit, ...(debouncedSearch ? { search: debouncedSearch } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  const [createLetter, creation] = useCreateLetterMutation();
  const filtered = debouncedSearch !== '' || status !== 'any';

  useCommandHandler('file.newLetter', () => void onNewLetter(), !creation.isLoading);

  async function onNewLetter() {
    const result = await createLetter({ brandSlug, channelSlug });
    if ('data' in result && result.data) {
      navigate(letterPath(brandSlug, channelSlug, result.data.id ?? result.data.uniqueId));
    }
  }

  return (
    <div style={{ padding: 'var(--mantine-spacing-md)' }}>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2}>Newsletters</Title>
          {channel && <Text c="dimmed">{channel.title}</Text>}
        </div>
        <Tooltip label={`New Letter (${shortcutLabel('file.newLetter')})`}>
          <Button onClick={onNewLetter} loading={creation.isLoading}>
            New letter
          </Button>
        </Tooltip>
      </Group>
      <Group mb="md" align="flex-end">
        <TextInput label="Search" placeholder="Search titles and text" value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={320} />
        <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false} onChange={(value) => value && setStatus(value as LetterStatusFilter)} w={200} />
      </Group>
      {creation.error && 'message' in creation.error && <Alert color="red" mb="md">{String(creation.error.message)}</Alert>}
      {error && 'message' in error && <Alert color="red">{String(error.message)}</Alert>}
      {isLoading && <Loader aria-label="Loading newsletters" />}
      {letters && letters.length === 0 && (
        <Text c="dimmed">{filtered ? 'No newsletters match.' : 'No newsletters yet. Start one with New letter.'}</Text>
      )}
      {letters && letters.length > 0 && (
        <NewslettersTable letters={letters} brandSlug={brandSlug} channelSlug={channelSlug} sort={sort} onSort={setSort} />
      )}
      {letters && letters.length === limit && (
        <Button variant="subtle" mt="sm" loading={isFetching} onClick={() => setLimit((n) => n + LETTER_LIST_PAGE_SIZE)}>
          Show more
        </Button>
      )}
    </div>
  );
}

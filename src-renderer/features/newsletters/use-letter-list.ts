import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { LETTER_LIST_PAGE_SIZE } from '../../../shared/contract/bridge';
import type { LetterStatusFilter } from '../../../shared/model/publication';
import { useListLettersQuery } from './newsletters-api';
import type { SortState } from './NewslettersTable';

/** Typing pauses this long before the list searches. */
const SEARCH_DEBOUNCE_MS = 200;

/** One of a channel's letter lists: search, sort and paging over `letters.list`. */
export function useLetterList(brandSlug: string, channelSlug: string, status: LetterStatusFilter) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState>({ sort: 'updated_at', direction: 'desc' });
  const [limit, setLimit] = useState(LETTER_LIST_PAGE_SIZE);
  const query = useListLettersQuery(
    { brandSlug, channelSlug, status, ...sort, limit, ...(debouncedSearch ? { search: debouncedSearch } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  return {
    ...query,
    search,
    setSearch,
    searching: debouncedSearch !== '',
    sort,
    setSort,
    /** True when the last page was full, so there may be more. */
    hasMore: query.data?.length === limit,
    showMore: () => setLimit((n) => n + LETTER_LIST_PAGE_SIZE),
  };
}

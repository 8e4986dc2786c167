import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { LETTER_LIST_PAGE_SIZE } from '../../../shared/contract/bridge';
import { LETTER_SORT_COLUMNS, type LetterStatusFilter } from '../../../shared/model/publication';
import { sortFromParams } from '../../ui/list-query-string';
import { useListQueryParams } from '../../ui/use-list-query-params';
import { useListLettersQuery } from './newsletters-api';
import type { SortState } from './NewslettersTable';

/** Typing pauses this long before the list searches. */
const SEARCH_DEBOUNCE_MS = 200;

/** Spec 3 §2: sort by updatedAt, newest first, unless the address says otherwise. */
const DEFAULT_SORT = { field: 'updated_at', direction: 'desc' } as const;

/**
 * One of a channel's letter lists: search, sort and paging over `letters.list`. Sort and
 * search live in the address bar (spec 3 §2), so a reload, back and forward keep them.
 */
export function useLetterList(brandSlug: string, channelSlug: string, status: LetterStatusFilter) {
  const query = useListQueryParams();
  const inAddress = typeof query.params.search === 'string' ? query.params.search : '';
  const [search, setSearch] = useState(inAddress);
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { field, direction } = sortFromParams(query.params, LETTER_SORT_COLUMNS, DEFAULT_SORT);
  const sort: SortState = { sort: field, direction };
  const [limit, setLimit] = useState(LETTER_LIST_PAGE_SIZE);

  // Back and forward bring another search into the address: the box shows it.
  useEffect(() => {
    setSearch((typed) => (typed.trim() === inAddress ? typed : inAddress));
  }, [inAddress]);
  // What was typed reaches the address once typing pauses, replacing the entry rather than
  // adding one per word.
  useEffect(() => {
    if (debouncedSearch !== inAddress) query.add({ search: debouncedSearch }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search moves the address; back and forward must not undo themselves
  }, [debouncedSearch]);

  const searchTerm = inAddress;
  const result = useListLettersQuery(
    { brandSlug, channelSlug, status, ...sort, limit, ...(searchTerm ? { search: searchTerm } : {}) },
    { refetchOnMountOrArgChange: true },
  );
  return {
    ...result,
    search,
    setSearch,
    searching: searchTerm !== '',
    sort,
    setSort: (next: SortState) => query.add({ sort: next.sort, direction: next.direction }),
    /** The address bar's parameters, for the list's own filters. */
    params: query,
    /** True when the last page was full, so there may be more. */
    hasMore: result.data?.length === limit,
    showMore: () => setLimit((n) => n + LETTER_LIST_PAGE_SIZE),
  };
}

import { Select } from '@mantine/core';
import { LETTER_STATUS_FILTERS, type LetterStatusFilter } from '../../../shared/model/publication';
import { valueFromParams } from '../../ui/list-query-string';
import { useListQueryParams } from '../../ui/use-list-query-params';
import { LetterListPage } from './LetterListPage';

// Templates have their own list (TemplatesPage), so their filter is not offered here.
const STATUS_OPTIONS = Object.entries(LETTER_STATUS_FILTERS)
  .filter(([value]) => value !== 'templates')
  .map(([value, { label }]) => ({ value, label }));
const STATUS_VALUES = STATUS_OPTIONS.map((option) => option.value as LetterStatusFilter);

/**
 * The channel's newsletters: search, status filter, sortable table with Clone and Delete,
 * and New letter. The status filter lives in the address bar with sort and search.
 */
export function NewslettersPage() {
  const query = useListQueryParams();
  const status = valueFromParams(query.params, 'status', STATUS_VALUES, 'any');
  return (
    <LetterListPage
      kind="newsletters"
      status={status}
      filtering={status !== 'any'}
      filters={
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status}
          allowDeselect={false}
          onChange={(value) => value && (value === 'any' ? query.remove(['status']) : query.add({ status: value }))}
          w={180}
        />
      }
    />
  );
}

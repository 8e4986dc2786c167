import { Select } from '@mantine/core';
import { useState } from 'react';
import { LETTER_STATUS_FILTERS, type LetterStatusFilter } from '../../../shared/model/publication';
import { LetterListPage } from './LetterListPage';

// Templates have their own list (TemplatesPage), so their filter is not offered here.
const STATUS_OPTIONS = Object.entries(LETTER_STATUS_FILTERS)
  .filter(([value]) => value !== 'templates')
  .map(([value, { label }]) => ({ value, label }));

/** The channel's newsletters: search, status filter, sortable table with Clone, and New letter. */
export function NewslettersPage() {
  const [status, setStatus] = useState<LetterStatusFilter>('any');
  return (
    <LetterListPage
      kind="newsletters"
      status={status}
      filtering={status !== 'any'}
      filters={
        <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false} onChange={(value) => value && setStatus(value as LetterStatusFilter)} w={200} />
      }
    />
  );
}

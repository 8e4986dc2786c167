import { Alert, Button, Group, Loader, Select, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { LETTER_STATUS_FILTERS, type LetterStatusFilter } from '../../../shared/model/publication';
import { shortcutLabel, useCommandHandler } from '../../app/command-bus';
import { letterPath } from '../../app/paths';
import { useGetSessionQuery } from '../session/session-api';
import { CloneFailedAlert } from './CloneFailedAlert';
import { LetterListTabs } from './LetterListTabs';
import { useCreateLetterMutation } from './newsletters-api';
import { NewslettersTable } from './NewslettersTable';
import { useCloneLetter } from './use-clone-letter';
import { useLetterList } from './use-letter-list';

// Templates have their own list (TemplatesPage), so their filter is not offered here.
const STATUS_OPTIONS = Object.entries(LETTER_STATUS_FILTERS)
  .filter(([value]) => value !== 'templates')
  .map(([value, { label }]) => ({ value, label }));

/** The channel's newsletters: search, status filter, sortable table with Clone, and New letter. */
export function NewslettersPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const navigate = useNavigate();
  const { data: session } = useGetSessionQuery();
  const channel = session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug);
  const [status, setStatus] = useState<LetterStatusFilter>('any');
  const list = useLetterList(brandSlug, channelSlug, status);
  const { data: letters, isLoading, isFetching, error } = list;
  const [createLetter, creation] = useCreateLetterMutation();
  const cloning = useCloneLetter();
  const filtered = list.searching || status !== 'any';

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
      <LetterListTabs active="newsletters" brandSlug={brandSlug} channelSlug={channelSlug} />
      <Group mb="md" align="flex-end">
        <TextInput label="Search" placeholder="Search titles and text" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} w={320} />
        <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false} onChange={(value) => value && setStatus(value as LetterStatusFilter)} w={200} />
      </Group>
      {creation.error && 'message' in creation.error && <Alert color="red" mb="md">{String(creation.error.message)}</Alert>}
      <CloneFailedAlert reason={cloning.error} onClose={cloning.dismissError} />
      {error && 'message' in error && <Alert color="red">{String(error.message)}</Alert>}
      {isLoading && <Loader aria-label="Loading newsletters" />}
      {letters && letters.length === 0 && (
        <Text c="dimmed">{filtered ? 'No newsletters match.' : 'No newsletters yet. Start one with New letter.'}</Text>
      )}
      {letters && letters.length > 0 && (
        <NewslettersTable
          letters={letters}
          brandSlug={brandSlug}
          channelSlug={channelSlug}
          sort={list.sort}
          onSort={list.setSort}
          onClone={(letter) => void cloning.clone(letter)}
          cloningId={cloning.cloningId}
        />
      )}
      {list.hasMore && (
        <Button variant="subtle" mt="sm" loading={isFetching} onClick={list.showMore}>
          Show more
        </Button>
      )}
    </div>
  );
}

import { Alert, Button, Group, Loader, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PublicationStatus, type LetterStatusFilter } from '../../../shared/model/publication';
import { shortcutLabel, useCommandHandlers } from '../../app/command-bus';
import { letterPath } from '../../../shared/app-paths';
import { useGetSessionQuery } from '../session/session-api';
import { CloneFailedAlert } from './CloneFailedAlert';
import { LETTER_LIST_COMMANDS } from './letter-list-commands';
import { LetterListTabs } from './LetterListTabs';
import { useCreateLetterMutation } from './newsletters-api';
import { NewslettersTable } from './NewslettersTable';
import { useCloneLetter } from './use-clone-letter';
import { useLetterList } from './use-letter-list';

export type LetterListKind = 'newsletters' | 'templates';

/** What differs between the two lists is only their words. */
const WORDS: Record<LetterListKind, { title: string; command: string; button: string; loading: string; noMatch: string; empty: string }> = {
  newsletters: {
    title: 'Newsletters',
    command: 'New Letter',
    button: 'New letter',
    loading: 'Loading newsletters',
    noMatch: 'No newsletters match.',
    empty: 'No newsletters yet. Start one with New letter.',
  },
  templates: {
    title: 'Templates',
    command: 'New Template',
    button: 'New template',
    loading: 'Loading templates',
    noMatch: 'No templates match.',
    empty: 'No templates yet. Start one with New template.',
  },
};

/**
 * One of a channel's letter lists (newsletters or templates): heading with the New button,
 * the list tabs, Search plus any `filters`, and the sortable table with Clone. The New Letter
 * command makes what the list holds, and a template list's clones are templates too.
 */
export function LetterListPage(props: {
  kind: LetterListKind;
  status: LetterStatusFilter;
  /** Fields shown after Search. */
  filters?: ReactNode;
  /** Whether those fields narrow the list, so an empty list "does not match" rather than "has none yet". */
  filtering?: boolean;
}) {
  const { kind, status, filters, filtering = false } = props;
  const templates = kind === 'templates';
  const words = WORDS[kind];
  const { brandSlug = '', channelSlug = '' } = useParams();
  const navigate = useNavigate();
  const { data: session } = useGetSessionQuery();
  const channel = session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug);
  const list = useLetterList(brandSlug, channelSlug, status);
  const { data: letters, isLoading, isFetching, error } = list;
  const [createLetter, creation] = useCreateLetterMutation();
  const cloning = useCloneLetter(templates ? PublicationStatus.template : undefined);
  const filtered = list.searching || filtering;

  useCommandHandlers(LETTER_LIST_COMMANDS, { 'file.newLetter': () => void onNew() }, !creation.isLoading);

  async function onNew() {
    const result = await createLetter({ brandSlug, channelSlug, ...(templates ? { template: true } : {}) });
    if ('data' in result && result.data) {
      navigate(letterPath(brandSlug, channelSlug, result.data.id ?? result.data.uniqueId));
    }
  }

  return (
    <div style={{ padding: 'var(--mantine-spacing-md)' }}>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2}>{words.title}</Title>
          {channel && <Text c="dimmed">{channel.title}</Text>}
        </div>
        <Tooltip label={`${words.command} (${shortcutLabel('file.newLetter')})`}>
          <Button onClick={onNew} loading={creation.isLoading}>
            {words.button}
          </Button>
        </Tooltip>
      </Group>
      <LetterListTabs active={kind} brandSlug={brandSlug} channelSlug={channelSlug} />
      <Group mb="md" align="flex-end">
        <TextInput label="Search" placeholder="Search titles and text" value={list.search} onChange={(e) => list.setSearch(e.currentTarget.value)} w={320} />
        {filters}
      </Group>
      {creation.error && 'message' in creation.error && <Alert color="red" mb="md">{String(creation.error.message)}</Alert>}
      <CloneFailedAlert reason={cloning.error} onClose={cloning.dismissError} />
      {error && 'message' in error && <Alert color="red">{String(error.message)}</Alert>}
      {isLoading && <Loader aria-label={words.loading} />}
      {letters && letters.length === 0 && <Text c="dimmed">{filtered ? words.noMatch : words.empty}</Text>}
      {letters && letters.length > 0 && (
        <NewslettersTable
          kind={kind}
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

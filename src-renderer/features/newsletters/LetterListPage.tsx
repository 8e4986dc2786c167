import { ActionIcon, Alert, Button, Group, Loader, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconFileImport, IconNews, IconPlus, IconSearch, IconSortAscending, IconSortDescending, IconTemplate } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PublicationStatus, type LetterSortColumn, type LetterStatusFilter } from '../../../shared/model/publication';
import { shortcutLabel, useCommandHandlers } from '../../app/command-bus';
import { letterPath } from '../../../shared/app-paths';
import { ConfirmDeleteDialog } from '../../ui/ConfirmDeleteDialog';
import { useGetSessionQuery } from '../../app/session-api';
import { CloneFailedAlert } from './CloneFailedAlert';
import { LETTER_LIST_COMMANDS } from './letter-list-commands';
import { LetterListTabs } from './LetterListTabs';
import { NewLetterDialog } from './NewLetterDialog';
import { useCreateLetterMutation, useLetterMetricsQuery, useListLettersQuery } from './newsletters-api';
import { NewslettersTable } from './NewslettersTable';
import { useCloneLetter } from './use-clone-letter';
import { useDeleteLetter } from './use-delete-letter';
import { useLetterList } from './use-letter-list';
import { useLetterImport } from './use-letter-import';
import { IMPORT_FILE_TYPES } from '../../../shared/contract/bridge-import';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { ListEmptyState } from '../../ui/ListEmptyState';

export type LetterListKind = 'newsletters' | 'templates';

/** 'Sort by' offers every sortable letter column (spec 3 §2), also those without a column here. */
const SORT_OPTIONS: { value: LetterSortColumn; label: string }[] = [
  { value: 'updated_at', label: 'Updated' },
  { value: 'title', label: 'Title' },
  { value: 'audience', label: 'Audience' },
  { value: 'publicationDate', label: 'Send date' },
  { value: 'uniqueId', label: 'Unique ID' },
];

/** What differs between the two lists is only their words. */
const WORDS: Record<LetterListKind, { title: string; command: string; button: string; loading: string; noMatch: string; empty: string; emptyText: string; firstAction: string }> = {
  newsletters: {
    title: 'Newsletters',
    command: 'New Letter',
    button: 'New letter',
    loading: 'Loading newsletters',
    noMatch: 'No newsletters match.',
    empty: 'No newsletters yet',
    emptyText: 'A newsletter is one letter to your readers: build it from blocks, send yourself a test, then schedule it for your audience.',
    firstAction: 'Write your first letter',
  },
  templates: {
    title: 'Templates',
    command: 'New Template',
    button: 'New template',
    loading: 'Loading templates',
    noMatch: 'No templates match.',
    empty: 'No templates yet',
    emptyText: 'A template is a letter you start new ones from, or one that sends itself: a welcome email to each new subscriber, or a weekly digest.',
    firstAction: 'Make your first template',
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
  const deleting = useDeleteLetter();
  const filtered = list.searching || filtering;
  const [choosing, setChoosing] = useState(false);
  // New letter offers the channel's templates; a templates list makes templates, blank.
  const channelTemplates = useListLettersQuery({ brandSlug, channelSlug, status: 'templates', limit: 100 }, { skip: templates || !brandSlug });
  const ids = useMemo(() => (templates ? [] : (letters ?? []).flatMap((letter) => (letter.id === null ? [] : [letter.id])).slice(0, 200)), [letters, templates]);
  const metrics = useLetterMetricsQuery({ brandSlug, channelSlug, ids }, { skip: ids.length === 0 });
  const metricsById = useMemo(() => new Map((metrics.data?.items ?? []).map((item) => [item.id, item])), [metrics.data]);

  const importing = useLetterImport(brandSlug, channelSlug);
  const [dragging, setDragging] = useState(false);

  useCommandHandlers(LETTER_LIST_COMMANDS, { 'file.newLetter': () => onNew(), 'file.import': () => importing.pick() }, !creation.isLoading && !importing.importing);

  /** A file dragged over the list: accept it (only files, not text or links from the page). */
  function onDragOver(event: React.DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDrop(event: React.DragEvent) {
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (!file) return;
    event.preventDefault();
    importing.importFile(file);
  }

  function onNew() {
    if (!templates && (channelTemplates.data?.length ?? 0) > 0) setChoosing(true);
    else void create(null);
  }

  async function create(templateUniqueId: string | null) {
    const result = await createLetter({ brandSlug, channelSlug, ...(templates ? { template: true } : {}), ...(templateUniqueId ? { templateUniqueId } : {}) });
    setChoosing(false);
    if ('data' in result && result.data) {
      navigate(letterPath(brandSlug, channelSlug, result.data.id ?? result.data.uniqueId));
    }
  }

  return (
    <ScreenFrame
      title={words.title}
      subtitle={channel?.title}
      actions={
        <>
          <Tooltip label={`Import an email, MJML or letter JSON file (${shortcutLabel('file.import')}), or drop one on the list`}>
            <Button variant="default" onClick={importing.pick} loading={importing.importing} leftSection={<IconFileImport size={18} aria-hidden />}>
              Import
            </Button>
          </Tooltip>
          <input
            ref={importing.input}
            type="file"
            accept={IMPORT_FILE_TYPES}
            aria-label="File to import"
            hidden
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) importing.importFile(file);
            }}
          />
          <Tooltip label={`${words.command} (${shortcutLabel('file.newLetter')})`}>
            <Button onClick={onNew} loading={creation.isLoading} leftSection={<IconPlus size={18} />}>
              {words.button}
            </Button>
          </Tooltip>
        </>
      }
    >
      <Stack
        gap="md"
        onDragOver={onDragOver}
        // Moving between the list's own elements is not leaving it.
        onDragLeave={(event) => !event.currentTarget.contains(event.relatedTarget as Node | null) && setDragging(false)}
        onDrop={onDrop}
        style={dragging ? { outline: '2px dashed var(--mantine-color-blue-5)', outlineOffset: 4, borderRadius: 4 } : undefined}
      >
        {dragging && <Text c="blue">Drop the file to import it as a new draft.</Text>}
        {importing.problem && (
          <Alert color="red" title="Import failed" withCloseButton onClose={importing.dismissProblem}>
            {importing.problem}
          </Alert>
        )}
        <LetterListTabs active={kind} brandSlug={brandSlug} channelSlug={channelSlug} />
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Search titles and text"
            leftSection={<IconSearch size={16} />}
            value={list.search}
            onChange={(e) => list.setSearch(e.currentTarget.value)}
            w={300}
          />
          {filters}
          <Group gap={4} align="flex-end" wrap="nowrap">
            <Select
              label="Sort by"
              data={templates ? SORT_OPTIONS.filter((o) => o.value !== 'audience' && o.value !== 'publicationDate') : SORT_OPTIONS}
              value={list.sort.sort}
              allowDeselect={false}
              onChange={(value) => value && list.setSort({ sort: value as LetterSortColumn, direction: list.sort.direction })}
              w={160}
            />
            <Tooltip label={list.sort.direction === 'asc' ? 'Ascending' : 'Descending'}>
              <ActionIcon
                variant="default"
                size="lg"
                mb={1}
                aria-label={list.sort.direction === 'asc' ? 'Sort descending' : 'Sort ascending'}
                onClick={() => list.setSort({ sort: list.sort.sort, direction: list.sort.direction === 'asc' ? 'desc' : 'asc' })}
              >
                {list.sort.direction === 'asc' ? <IconSortAscending size={18} /> : <IconSortDescending size={18} />}
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {creation.error && 'message' in creation.error && <Alert color="red">{String(creation.error.message)}</Alert>}
        <CloneFailedAlert reason={cloning.error} onClose={cloning.dismissError} />
        {error && 'message' in error && <Alert color="red">{String(error.message)}</Alert>}
        {isLoading && <Loader aria-label={words.loading} />}
        {letters && letters.length === 0 && filtered && <Text c="dimmed">{words.noMatch}</Text>}
        {letters && letters.length === 0 && !filtered && (
          <ListEmptyState
            icon={templates ? IconTemplate : IconNews}
            title={words.empty}
            actions={
              <Button onClick={onNew} loading={creation.isLoading} leftSection={<IconPlus size={18} aria-hidden />}>
                {words.firstAction}
              </Button>
            }
          >
            {words.emptyText}
          </ListEmptyState>
        )}
        {letters && letters.length > 0 && (
          <NewslettersTable
            kind={kind}
            letters={letters}
            brandSlug={brandSlug}
            channelSlug={channelSlug}
            sort={list.sort}
            onSort={list.setSort}
            onClone={(letter) => void cloning.clone(letter)}
            onDelete={deleting.ask}
            cloningId={cloning.cloningId}
            metrics={metricsById}
            esp={channel?.esp ?? 0}
            timezone={channel?.timezone.tzCode ?? null}
          />
        )}
        {list.hasMore && (
          <Button variant="subtle" mt="sm" loading={isFetching} onClick={list.showMore}>
            Show more
          </Button>
        )}
        <ConfirmDeleteDialog
          opened={deleting.pending !== null}
          title={`Delete "${deleting.pending?.title || 'Untitled draft'}"?`}
          requireTyping={deleting.requireTyping}
          loading={deleting.loading}
          error={deleting.error}
          onConfirm={() => void deleting.confirm()}
          onCancel={deleting.cancel}
        />
      </Stack>
      <NewLetterDialog opened={choosing} templates={channelTemplates.data ?? []} busy={creation.isLoading} onChoose={(id) => void create(id)} onClose={() => setChoosing(false)} />
    </ScreenFrame>
  );
}

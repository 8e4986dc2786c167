import { Alert, Button, Group, Loader, MultiSelect, Pagination, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBookmarks, IconRefresh, IconRss, IconSearch } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { AGGREGATES_FETCH_FAILED_MESSAGE, AGGREGATES_PAGE_SIZE_DEFAULT, NO_AGGREGATES_MESSAGE, TAXONOMY_SEARCH_DEBOUNCE_MS } from '../../../shared/contract/platform-curation';
import type { Aggregate } from '../../../shared/contract/platform-curation';
import { useGetSessionQuery } from '../../app/session-api';
import { AggregateCard } from './AggregateCard';
import { useAggregatesQuery, useCurationCategoriesQuery, useCurationFeedsQuery, useCurationSiteNamesQuery, useCurationTagsQuery, useSetCuratedMutation } from './curation-api';
import { FeedsManager } from './FeedsManager';
import { InsertIntoLetterDialog } from './InsertIntoLetterDialog';
import { TagsDialog } from './TagsDialog';
import { ListEmptyState } from '../../ui/ListEmptyState';
import { ScreenFrame } from '../../ui/ScreenFrame';

export const HEART_KEPT_LOCALLY = 'Saved on this computer; it reaches the platform when it can be reached.';

/**
 * The curation screen (spec 3 §1 "Curation side"): a channel's feeds and the articles read
 * from them, with search, filters and paging. The heart flips at once and is saved by the
 * core (offline it waits there); a curated article can be inserted into a letter.
 */
export function CurationPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const placement = { brandSlug, channelSlug };
  const { data: session } = useGetSessionQuery();
  const zone =
    session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug)?.timezone.tzCode ?? 'UTC';

  const [keyword, setKeyword] = useState('');
  const [debouncedKeyword] = useDebouncedValue(keyword.trim(), TAXONOMY_SEARCH_DEBOUNCE_MS);
  const [curatedOnly, setCuratedOnly] = useState(false);
  const [feeds, setFeeds] = useState<string[]>([]);
  const [sites, setSites] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [tagSearch, setTagSearch] = useState('');
  const [categorySearch, setCategorySearch] = useState('');
  const [debouncedTagSearch] = useDebouncedValue(tagSearch.trim(), TAXONOMY_SEARCH_DEBOUNCE_MS);
  const [debouncedCategorySearch] = useDebouncedValue(categorySearch.trim(), TAXONOMY_SEARCH_DEBOUNCE_MS);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [overrides, setOverrides] = useState<Record<number, boolean>>({});
  const [keptLocally, setKeptLocally] = useState(false);
  const [inserting, setInserting] = useState<Aggregate | null>(null);
  const [tagging, setTagging] = useState<Aggregate | null>(null);
  const feedUrl = useRef<HTMLInputElement>(null);

  const query = {
    keyword: debouncedKeyword,
    curated: curatedOnly ? 1 : 0,
    feeds: feeds.map(Number),
    sites,
    tags: tags.map(Number),
    categories: categories.map(Number),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    page,
    perPage: AGGREGATES_PAGE_SIZE_DEFAULT,
  };
  const aggregates = useAggregatesQuery({ ...placement, query }, { refetchOnMountOrArgChange: true });
  const feedList = useCurationFeedsQuery(placement);
  const siteNames = useCurationSiteNamesQuery(placement);
  const tagList = useCurationTagsQuery({ ...placement, keyword: debouncedTagSearch, includeCompanyTags: true });
  const categoryList = useCurationCategoriesQuery({ ...placement, keyword: debouncedCategorySearch });
  const [saveHeart] = useSetCuratedMutation();

  // Chosen options stay listed while a search narrows the rest.
  const keepChosen = (items: { id: number; name: string }[] | undefined, chosen: string[], previous: Map<string, string>) => {
    for (const item of items ?? []) previous.set(String(item.id), item.name);
    const listed = new Set((items ?? []).map((i) => String(i.id)));
    return [...(items ?? []).map((i) => ({ value: String(i.id), label: i.name })), ...chosen.filter((id) => !listed.has(id)).map((id) => ({ value: id, label: previous.get(id) ?? id }))];
  };
  const tagNames = useMemo(() => new Map<string, string>(), []);
  const categoryNames = useMemo(() => new Map<string, string>(), []);

  const toggle = async (aggregate: Aggregate) => {
    const curated = !aggregate.curated;
    setOverrides((current) => ({ ...current, [aggregate.id]: curated }));
    const result = await saveHeart({ ...placement, id: aggregate.id, curated });
    if ('data' in result && result.data) setKeptLocally(!result.data.saved);
  };

  const shown = (aggregates.data?.items ?? []).map((a) => (a.id in overrides ? { ...a, curated: overrides[a.id]! } : a));
  const pages = Math.max(1, Math.ceil((aggregates.data?.total ?? 0) / AGGREGATES_PAGE_SIZE_DEFAULT));
  const resetPage = <T,>(set: (value: T) => void) => (value: T) => {
    set(value);
    setPage(1);
  };
  const error = aggregates.error as { code?: string; message?: string } | undefined;
  // Nothing chosen to narrow the list: an empty one means the channel has no articles yet,
  // not that a search missed (which keeps the spec's message).
  const narrowed = keyword.trim() !== '' || curatedOnly || feeds.length + sites.length + tags.length + categories.length > 0 || from !== '' || to !== '';
  const noFeeds = feedList.data !== undefined && feedList.data.items.length === 0;

  return (
    <ScreenFrame title="Curation" maw={1000}>
      <FeedsManager brandSlug={brandSlug} channelSlug={channelSlug} urlInputRef={feedUrl} />
      <Stack gap="sm" component="section" aria-label="Filters">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            leftSection={<IconSearch size={16} />}
            value={keyword}
            onChange={(event) => resetPage(setKeyword)(event.currentTarget.value)}
            w={280}
          />
          <Switch label="Curated only" checked={curatedOnly} onChange={(event) => resetPage(setCuratedOnly)(event.currentTarget.checked)} mb={8} />
          <TextInput label="From" type="date" value={from} onChange={(event) => resetPage(setFrom)(event.currentTarget.value)} w={170} />
          <TextInput label="To" type="date" value={to} onChange={(event) => resetPage(setTo)(event.currentTarget.value)} w={170} />
        </Group>
        <Group align="flex-start" wrap="wrap">
          <MultiSelect
            label="Feeds"
            data={(feedList.data?.items ?? []).map((f) => ({ value: String(f.id), label: f.title || f.url }))}
            value={feeds}
            onChange={resetPage(setFeeds)}
            clearable
            w={220}
          />
          <MultiSelect label="Sites" data={siteNames.data?.items ?? []} value={sites} onChange={resetPage(setSites)} clearable searchable w={220} />
          <MultiSelect
            label="Tags"
            data={keepChosen(tagList.data?.items, tags, tagNames)}
            value={tags}
            onChange={resetPage(setTags)}
            searchable
            searchValue={tagSearch}
            onSearchChange={setTagSearch}
            filter={({ options }) => options}
            clearable
            w={220}
          />
          <MultiSelect
            label="Categories"
            data={keepChosen(categoryList.data?.items, categories, categoryNames)}
            value={categories}
            onChange={resetPage(setCategories)}
            searchable
            searchValue={categorySearch}
            onSearchChange={setCategorySearch}
            filter={({ options }) => options}
            clearable
            w={220}
          />
        </Group>
      </Stack>
      {keptLocally && (
        <Alert color="yellow" role="status">
          {HEART_KEPT_LOCALLY}
        </Alert>
      )}
      {aggregates.isLoading && <Loader aria-label="Loading articles" />}
      {error && <Alert color="red">{error.code === 'offline' ? error.message : AGGREGATES_FETCH_FAILED_MESSAGE}</Alert>}
      {aggregates.data && shown.length === 0 && narrowed && (
        <Text role="status" c="dimmed">
          {NO_AGGREGATES_MESSAGE}
        </Text>
      )}
      {aggregates.data && shown.length === 0 && !narrowed && (
        <ListEmptyState
          icon={IconBookmarks}
          title="No articles yet"
          actions={
            noFeeds ? (
              <Button leftSection={<IconRss size={16} aria-hidden />} onClick={() => feedUrl.current?.focus()}>
                Add your first feed
              </Button>
            ) : (
              <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={aggregates.isFetching} onClick={() => void aggregates.refetch()}>
                Check for new articles
              </Button>
            )
          }
        >
          {noFeeds
            ? 'Curation gathers the articles of the sites you follow, so you can pick the best for your letters. Add a feed’s address (RSS, Atom or JSON Feed) and its articles appear here within 15 minutes.'
            : 'The platform reads your feeds every 15 minutes and lists their articles here. Mark the ones worth sharing with the heart to add them to a letter.'}
        </ListEmptyState>
      )}
      {shown.length > 0 && (
        <Stack gap="xs" component="ul" aria-label="Articles" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {shown.map((aggregate) => (
            <AggregateCard key={aggregate.id} aggregate={aggregate} zone={zone} onToggle={() => void toggle(aggregate)} onInsert={() => setInserting(aggregate)} onTags={() => setTagging(aggregate)} />
          ))}
        </Stack>
      )}
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} getControlProps={(control) => ({ 'aria-label': `${control} page` })} />}
      <TagsDialog brandSlug={brandSlug} channelSlug={channelSlug} aggregate={tagging} onClose={() => setTagging(null)} />
      <InsertIntoLetterDialog brandSlug={brandSlug} channelSlug={channelSlug} zone={zone} aggregate={inserting} onClose={() => setInserting(null)} />
    </ScreenFrame>
  );
}

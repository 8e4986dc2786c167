import { Alert, Button, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { SectionOf } from '../../../shared/model';
import { NEWS_CATEGORIES, type NewsCategory } from '../../../shared/model/enums';
import { NEWS_ITEM_COUNT_DEFAULT } from '../../../shared/model/constants';
import { NEWS_EMPTY_MESSAGE, NEWS_EXCLUSIVE_HINT, newsDelta, newsFilterState, newsSourceIds } from '../../../shared/rules/news-search';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';
import { failureText, useGetNewsSourcesQuery, useLoadNewsMutation } from './link-content-api';

// The news block's search (spec 2 §2 "news search", §4, §8): keyword, a category or sources
// (never both), how many articles; Load asks the platform's news provider and the articles
// found become the block's text, kept in the letter for the canvas, the preview and the send.

const CATEGORY_LABELS: Record<NewsCategory, string> = {
  All: 'All',
  business: 'Business',
  entertainment: 'Entertainment',
  general: 'General',
  health: 'Health',
  science: 'Science',
  sports: 'Sports',
  technology: 'Technology',
};

export function NewsPanel({ section, edit }: PanelProps<SectionOf<'news'>>) {
  const { readOnly, channelSlug } = usePanelContext();
  const model = section.blockModel;
  const [load, { isLoading }] = useLoadNewsMutation();
  const [notice, setNotice] = useState<{ color: 'red' | 'yellow'; text: string } | null>(null);
  const sources = useGetNewsSourcesQuery({ channelSlug, category: 'All' }, { skip: readOnly });
  const state = newsFilterState(model, isLoading);
  const chosen = newsSourceIds(model.sources);
  const sourceOptions = [
    ...(sources.data?.items ?? []).map((source) => ({ value: source.id, label: source.name })),
    ...chosen.filter((id) => !sources.data?.items.some((source) => source.id === id)).map((id) => ({ value: id, label: id })),
  ];

  async function onLoad() {
    setNotice(null);
    const result = await load({ channelSlug, keyword: model.keyword.trim(), category: model.category, sources: chosen.join(','), count: model.itemCount || NEWS_ITEM_COUNT_DEFAULT });
    if ('error' in result) return setNotice({ color: 'red', text: failureText(result.error, NEWS_EMPTY_MESSAGE) });
    if (result.data.items.length === 0) return setNotice({ color: 'yellow', text: NEWS_EMPTY_MESSAGE });
    const delta = newsDelta(result.data.items);
    edit('news', (current) => (current.type === 'news' ? { ...current, delta } : current));
  }

  return (
    <Stack gap="sm">
      <TextInput label="Keyword" value={model.keyword} disabled={readOnly} onChange={(event) => setModel(edit, 'news', 'keyword', { keyword: event.currentTarget.value })} />
      <Select
        label="Category"
        data={NEWS_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] }))}
        value={model.category}
        allowDeselect={false}
        disabled={readOnly || state.categoryDisabled}
        onChange={(value) => value && setModel(edit, 'news', 'category', { category: value as NewsCategory })}
      />
      <MultiSelect
        label="Sources"
        data={sourceOptions}
        value={chosen}
        searchable
        disabled={readOnly || state.sourcesDisabled}
        placeholder={chosen.length === 0 ? 'Any source' : undefined}
        nothingFoundMessage={sources.error ? failureText(sources.error, 'The sources could not be listed.') : 'Nothing found'}
        onChange={(ids) => setModel(edit, 'news', 'sources', { sources: ids.join(',') })}
      />
      <Text size="xs" c="dimmed">
        {NEWS_EXCLUSIVE_HINT}
      </Text>
      <NumberInput
        label="Number of articles"
        min={1}
        max={NEWS_ITEM_COUNT_DEFAULT}
        clampBehavior="strict"
        allowDecimal={false}
        value={model.itemCount}
        disabled={readOnly}
        onChange={(value) => typeof value === 'number' && value >= 1 && setModel(edit, 'news', 'itemCount', { itemCount: Math.min(NEWS_ITEM_COUNT_DEFAULT, value) })}
      />
      <Button variant="light" loading={isLoading} disabled={readOnly || state.loadDisabled} onClick={() => void onLoad()}>
        Load
      </Button>
      {notice && (
        <Alert color={notice.color} variant="light" role="alert">
          {notice.text}
        </Alert>
      )}
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

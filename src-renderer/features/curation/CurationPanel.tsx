import { Alert, Button, Group, MultiSelect, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { NO_AGGREGATES_MESSAGE, TAXONOMY_SEARCH_DEBOUNCE_MS } from '../../../shared/contract/platform-curation';
import { LayoutType } from '../../../shared/model';
import type { CropOption, CurationModel, SectionOf, TextStyle } from '../../../shared/model';
import { CURATION_ITEM_COUNT_MAX, CURATION_ITEM_OFFSET_MAX, DAYS_TO_DISPLAY_OPTIONS } from '../../../shared/model/constants';
import {
  clampItemCount,
  clampItemOffset,
  curationBlockQuery,
  curationItemFromAggregate,
  curationLayoutChoices,
  curationLayoutWidths,
  curationPartAvailable,
} from '../../../shared/rules/curation-items';
import { curationTypesOfBlock } from '../../../shared/rules/curation-types';
import { daysLabel } from '../../../shared/rules/days-label';
import { curationPath } from '../../../shared/app-paths';
import { AppLink } from '../../block-kit/AppLink';
import { IMAGE_CROP_CHOICES } from '../../../shared/rules/image-settings';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ColorField } from '../../block-kit/fields/ColorField';
import { ColumnWidthSlider } from '../../block-kit/fields/ColumnWidthSlider';
import { isCompanyLevel, usePanelContext } from '../../block-kit/panel-context';
import { setModel, typedEdit, type PanelProps } from '../../block-kit/section-edit';
import { FEATURE_FLAGS } from '../../../shared/model/feature-flags';
import { useFeatureFlags } from '../../app/feature-flags';
import { useGetSessionQuery } from '../../app/session-api';
import { CurationPartStyles } from './CurationPartStyles';
import { useCurationCategoriesQuery, useCurationFeedsQuery, useCurationSiteNamesQuery, useCurationTagsQuery, useLoadAggregatesMutation } from './curation-api';

type CurationSection = SectionOf<'curation' | 'newrss' | 'wordpress'>;

export const LOAD_NEEDS_CONNECTION = 'Loading curated content needs a connection to the platform. The items loaded before are kept.';

const ITEM_COUNT_CHOICES = Array.from({ length: 20 }, (_, i) => String(i + 1));
const SKIP_CHOICES = Array.from({ length: CURATION_ITEM_OFFSET_MAX + 1 }, (_, i) => String(i));

const DISPLAY_SWITCHES = [
  { part: 'title', flag: 'hasTitle', label: 'Title' },
  { part: 'excerpt', flag: 'hasExcerpt', label: 'Excerpt' },
  { part: 'image', flag: 'hasImage', label: 'Image' },
  { part: 'publicationDate', flag: 'hasPublishedDate', label: 'Date published' },
  { part: 'siteName', flag: 'hasSource', label: 'Source' },
  { part: 'author', flag: 'hasAuthor', label: 'Author' },
] as const;

/**
 * The Curations block (and its RSS and WordPress kinds): which curated articles it shows
 * (spec 2 §3–§5: filters, items 0–10, skip 0–19, days to display or exact dates), how
 * (display switches, layout, column width, gap), and Load, which keeps the query's items in
 * the section so the composer and preview work offline. A send asks the platform again.
 */
export function CurationPanel({ section, edit }: PanelProps<CurationSection>) {
  const { readOnly, brandSlug, channelSlug, channel } = usePanelContext();
  const placement = { brandSlug, channelSlug };
  const model = section.blockModel;
  const type = section.type;
  const set = (field: string, fields: Partial<CurationModel>) => setModel(edit, type, field, fields);
  const { data: session } = useGetSessionQuery();
  const zone = session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug)?.timezone.tzCode ?? 'UTC';

  const [tagSearch, setTagSearch] = useState('');
  const [debouncedTagSearch] = useDebouncedValue(tagSearch.trim(), TAXONOMY_SEARCH_DEBOUNCE_MS);
  const feeds = useCurationFeedsQuery(placement);
  const isFeatureOn = useFeatureFlags(brandSlug, channelSlug);
  // spec 2 §6 flags: IAB categories gate the Categories filter; global curation tags bring in
  // the company's tags, and until a source is chosen leave only the feed-title filter.
  const iabCategories = isFeatureOn(FEATURE_FLAGS.iabCategoriesFilter);
  const globalTags = isFeatureOn(FEATURE_FLAGS.globalCurationTags);
  const showTags = !globalTags || model.sources.length > 0;
  const tags = useCurationTagsQuery({ ...placement, keyword: debouncedTagSearch, includeCompanyTags: globalTags });
  const categories = useCurationCategoriesQuery({ ...placement, keyword: '' }, { skip: !iabCategories });
  const sites = useCurationSiteNamesQuery({ ...placement, type: curationTypesOfBlock(type)[0] ?? 0 });
  const [load, loading] = useLoadAggregatesMutation();
  const [notice, setNotice] = useState<string | null>(null);

  const runLoad = async (layoutType = section.layoutType) => {
    setNotice(null);
    const query = curationBlockQuery(model, zone, new Date(), type, layoutType);
    if (!query) {
      set('items', { items: [] });
      return;
    }
    const result = await load({ ...placement, query });
    if ('error' in result) {
      const error = result.error as { code?: string; message?: string };
      setNotice(error.code === 'offline' ? LOAD_NEEDS_CONNECTION : (error.message ?? LOAD_NEEDS_CONNECTION));
      return;
    }
    const items = result.data.items.map((a) => curationItemFromAggregate(a, zone));
    set('items', { items });
    if (items.length === 0) setNotice(NO_AGGREGATES_MESSAGE);
  };

  const layouts = curationLayoutChoices(
    model,
    section.delta.ops.length > 0 && section.delta.ops.some((op) => typeof op.insert === 'string' && op.insert.trim() !== ''),
    type,
  );
  const changeLayout = (value: string | null) => {
    if (!value) return;
    const layoutType = Number(value) as LayoutType;
    const full = layoutType === LayoutType.fullContent;
    // Posts' bodies are kept only while they are shown: leaving full content drops them.
    typedEdit(edit, type)('layoutType', (current) => ({
      ...current,
      layoutType,
      blockModel: {
        ...current.blockModel,
        ...curationLayoutWidths(layoutType),
        ...(full ? {} : { items: current.blockModel.items.map((item) => ({ ...item, content: '' })) }),
      },
    }));
    // Entering full content, loaded items need their bodies: load them again (offline, each shows its excerpt).
    if (full && model.items.length > 0 && !readOnly) void runLoad(layoutType);
  };
  const tagOptions = [
    ...(tags.data?.items ?? []).map((t) => ({ value: String(t.id), label: t.name })),
    ...model.tags.filter((t) => !(tags.data?.items ?? []).some((i) => i.id === t.id)).map((t) => ({ value: String(t.id), label: t.name })),
  ];

  return (
    <Stack gap="sm">
      <TextInput label="Keyword" value={model.keyword} disabled={readOnly} onChange={(event) => set('keyword', { keyword: event.currentTarget.value })} />
      <MultiSelect
        label="Feeds"
        data={(feeds.data?.items ?? []).map((f) => ({ value: String(f.id), label: f.title || f.url }))}
        value={model.feeds.map((f) => String(f.id))}
        disabled={readOnly}
        clearable
        onChange={(ids) =>
          set('feeds', {
            feeds: (feeds.data?.items ?? []).filter((f) => ids.includes(String(f.id))).map((f) => ({ id: f.id, title: f.title, uniqueId: f.uniqueId })),
          })
        }
      />
      <Text size="xs" c="dimmed">
        Feeds and their titles are kept on the channel's <AppLink to={curationPath(brandSlug, channelSlug)}>Curation screen</AppLink>.
      </Text>
      {showTags && (
        <MultiSelect
          label="Tags"
          data={tagOptions}
          value={model.tags.map((t) => String(t.id))}
          disabled={readOnly}
          searchable
          searchValue={tagSearch}
          onSearchChange={setTagSearch}
          filter={({ options }) => options}
          clearable
          onChange={(ids) => set('tags', { tags: tagOptions.filter((o) => ids.includes(o.value)).map((o) => ({ id: Number(o.value), name: o.label })) })}
        />
      )}
      {iabCategories && (
        <MultiSelect
          label="Categories"
          data={(categories.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={model.categories.map((c) => String(c.id))}
          disabled={readOnly}
          searchable
          clearable
          onChange={(ids) => set('categories', { categories: (categories.data?.items ?? []).filter((c) => ids.includes(String(c.id))) })}
        />
      )}
      {/* The website filter is offered below company level only (spec 2 §5, §6). */}
      {!isCompanyLevel({ channelSlug }) && (
        <MultiSelect
          label="Sources"
          data={sites.data?.items ?? []}
          value={model.sources.map((s) => s.name)}
          disabled={readOnly}
          searchable
          clearable
          onChange={(names) => set('sources', { sources: names.map((name) => ({ id: name, name })) })}
        />
      )}
      <Group grow>
        <Select
          label="Items to show"
          // The picker offers 1 to 20; more than 10 is ignored (spec 2 §5).
          data={ITEM_COUNT_CHOICES}
          value={String(model.itemCount)}
          disabled={readOnly}
          allowDeselect={false}
          onChange={(value) => {
            const count = Number(value);
            if (count <= CURATION_ITEM_COUNT_MAX) set('itemCount', { itemCount: clampItemCount(count) });
          }}
        />
        <Select
          label="Skip"
          data={SKIP_CHOICES}
          value={String(model.itemOffset)}
          disabled={readOnly}
          allowDeselect={false}
          onChange={(value) => set('itemOffset', { itemOffset: clampItemOffset(Number(value)) })}
        />
      </Group>
      <Switch
        label="Use exact dates"
        checked={model.useExactDates}
        disabled={readOnly}
        onChange={(event) => set('useExactDates', { useExactDates: event.currentTarget.checked, dateCurated: [] })}
      />
      {model.useExactDates ? (
        <Group grow>
          <TextInput
            label="Curated from"
            type="date"
            value={model.dateCurated[0] ?? ''}
            disabled={readOnly}
            onChange={(event) => set('dateCurated', { dateCurated: [event.currentTarget.value, model.dateCurated[1] ?? event.currentTarget.value].filter(Boolean) })}
          />
          <TextInput
            label="Curated to"
            type="date"
            value={model.dateCurated[1] ?? ''}
            disabled={readOnly}
            onChange={(event) => set('dateCurated', { dateCurated: [model.dateCurated[0] ?? event.currentTarget.value, event.currentTarget.value].filter(Boolean) })}
          />
        </Group>
      ) : (
        <Select
          label="Days to display"
          data={DAYS_TO_DISPLAY_OPTIONS.map((days) => ({ value: String(days), label: daysLabel(days) }))}
          value={String(model.daysToDisplay)}
          disabled={readOnly}
          allowDeselect={false}
          onChange={(value) => set('daysToDisplay', { daysToDisplay: Number(value ?? 0) })}
        />
      )}
      <Button leftSection={<IconDownload size={16} />} onClick={() => void runLoad()} loading={loading.isLoading} disabled={readOnly}>
        Load
      </Button>
      {notice && (
        <Alert color={notice === NO_AGGREGATES_MESSAGE ? 'gray' : 'yellow'} role="status">
          {notice}
        </Alert>
      )}
      {model.items.length > 0 && (
        <Text size="xs" c="dimmed">
          {model.items.length === 1 ? '1 item loaded.' : `${model.items.length} items loaded.`}
        </Text>
      )}
      <Stack gap={6} role="group" aria-label="Display">
        {DISPLAY_SWITCHES.map(({ part, flag, label }) => (
          <Switch
            key={flag}
            label={label}
            checked={model[flag]}
            // Nothing to show for a part: its switch cannot be used (spec 2 §4).
            disabled={readOnly || !curationPartAvailable(model, part)}
            onChange={(event) => set(flag, { [flag]: event.currentTarget.checked })}
          />
        ))}
      </Stack>
      <Select
        label="Layout"
        data={layouts.map((l) => ({ value: String(l.value), label: l.label }))}
        value={section.layoutType === null ? null : String(section.layoutType)}
        disabled={readOnly}
        allowDeselect={false}
        onChange={changeLayout}
      />
      {section.layoutType === LayoutType.fullContent && (
        <Text size="xs" c="dimmed" role="note">
          Full content puts each post's whole text in the letter. A post whose feed gives only an excerpt shows its excerpt.
        </Text>
      )}
      <ColumnWidthSlider
        label="Image column width"
        value={model.imageColumnWidth}
        // Layouts that stack the image over the text give both columns the whole width: nothing to split.
        disabled={readOnly || model.imageColumnWidth + model.textColumnWidth > 100}
        onChange={(width) => set('imageColumnWidth', { imageColumnWidth: width, textColumnWidth: 100 - width })}
      />
      <Group grow>
        <NumberInput label="Gap" min={0} value={model.gap} disabled={readOnly} onChange={(value) => set('gap', { gap: Math.max(0, Number(value) || 0) })} />
        <NumberInput
          label="Image corner radius"
          min={0}
          value={model.borderRadius}
          disabled={readOnly}
          onChange={(value) => set('borderRadius', { borderRadius: Math.max(0, Number(value) || 0) })}
        />
      </Group>
      <Select
        label="Image crop"
        allowDeselect={false}
        disabled={readOnly}
        data={IMAGE_CROP_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
        value={model.imageSettings.imageSmartCrop}
        onChange={(crop) => crop && set('imageSettings', { imageSettings: { imageSmartCrop: crop as CropOption } })}
      />
      <CurationPartStyles
        model={model}
        accentColor={channel?.accentColor ?? null}
        disabled={readOnly}
        // The excerpt colour is kept in both places the stored model has it.
        onChange={(key, style) => set(key, key === 'excerptSettings' && style.color ? { excerptSettings: style as TextStyle, excerptColor: style.color } : { [key]: style })}
      />
      <ColorField label="Link color" value={model.linkColor} accentColor={channel?.accentColor ?? null} disabled={readOnly} onValid={(linkColor) => set('linkColor', { linkColor })} />
      <ColorField
        label="Accent color"
        value={model.accentColor}
        accentColor={channel?.accentColor ?? null}
        disabled={readOnly}
        onValid={(accentColor) => set('accentColor', { accentColor })}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

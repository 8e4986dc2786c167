import { Alert, Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { BlogFeedLayout, SectionOf } from '../../../shared/model';
import { FEED_ITEM_COUNT_MAX, FEED_ITEM_COUNT_MIN } from '../../../shared/model/constants';
import { clampFeedCount, clampFeedOffset, rssDelta, rssImages, rssLayoutChoices } from '../../../shared/rules/rss-items';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, typedEdit, type PanelProps } from '../../block-kit/section-edit';
import { useValidateFeedMutation } from './curation-api';
import { feedCheckFailure } from './feed-check-failure';

export const RSS_LOAD_NEEDS_CONNECTION = 'Loading a feed needs a connection to the platform. The items loaded before are kept.';

/**
 * The legacy RSS block (spec 2 §4–§5): a feed address checked by the platform ('This url
 * is invalid.' and the address cleared when it is not a feed), how many items (1 to 10) and
 * how many to skip, and the layout. Load writes the items into the block's text, so the
 * composer and preview work offline; a send reads the feed again.
 */
export function RssPanel({ section, edit }: PanelProps<SectionOf<'rss'>>) {
  const { readOnly } = usePanelContext();
  const model = section.blockModel;
  const [url, setUrl] = useState(model.link);
  const [error, setError] = useState<string | null>(null);
  const [validate, loading] = useValidateFeedMutation();

  const load = async () => {
    setError(null);
    const trimmed = url.trim();
    const result = await validate({ url: trimmed });
    if ('error' in result) {
      const failure = feedCheckFailure(result.error);
      setError(failure.offline ? RSS_LOAD_NEEDS_CONNECTION : failure.message);
      if (failure.clear) {
        setUrl('');
        setModel(edit, 'rss', 'link', { link: '' });
      }
      return;
    }
    setUrl(trimmed);
    typedEdit(edit, 'rss')('link', (current) => {
      const blockModel = { ...current.blockModel, link: trimmed };
      // Full content is not offered with a link: such a block falls back to heading and excerpt.
      if (!rssLayoutChoices(blockModel).some((c) => c.value === blockModel.layoutType)) blockModel.layoutType = 1;
      return { ...current, blockModel: { ...blockModel, images: rssImages(result.data.items, blockModel) }, delta: rssDelta(result.data.items, blockModel) };
    });
  };

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="nowrap">
        <TextInput label="RSS feed URL" value={url} error={error} disabled={readOnly} onChange={(event) => setUrl(event.currentTarget.value)} style={{ flex: 1 }} />
        <Button leftSection={<IconDownload size={16} />} onClick={() => void load()} loading={loading.isLoading} disabled={readOnly || url.trim() === ''}>
          Load
        </Button>
      </Group>
      <Group grow>
        <NumberInput
          label="Item count"
          min={FEED_ITEM_COUNT_MIN}
          max={FEED_ITEM_COUNT_MAX}
          value={model.count}
          disabled={readOnly}
          onChange={(value) => value !== '' && setModel(edit, 'rss', 'count', { count: clampFeedCount(Number(value)) })}
        />
        <NumberInput
          label="Skip"
          min={0}
          value={model.offset}
          disabled={readOnly}
          onChange={(value) => setModel(edit, 'rss', 'offset', { offset: clampFeedOffset(Number(value)) })}
        />
      </Group>
      <Select
        label="Layout"
        data={rssLayoutChoices(model).map((c) => ({ value: String(c.value), label: c.label }))}
        value={String(model.layoutType)}
        disabled={readOnly}
        allowDeselect={false}
        onChange={(value) => value !== null && setModel(edit, 'rss', 'layoutType', { layoutType: Number(value) as BlogFeedLayout })}
      />
      {model.link && (
        <Alert color="gray" variant="light">
          Count, skip and layout apply at the next Load, and to the email when it is sent.
        </Alert>
      )}
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

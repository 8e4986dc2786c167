import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SectionOf } from '../../../shared/model';
import type { UrlPreview } from '../../../shared/model/blocks/feeds';
import { applyPreview, checkSourceUrl, fetchableUrl, URL_UPDATE_FAILED_MESSAGE } from '../../../shared/rules/link-preview';
import { hasResizableLeftColumn, withLeftColumnWidth } from '../../../shared/rules/layout';
import { ColumnWidthSlider } from '../../block-kit/fields/ColumnWidthSlider';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import type { PanelProps } from '../../block-kit/section-edit';
import { failureText, useCrawlUrlMutation } from './link-content-api';

// The URL and dynamic blocks' source URL box (spec 2 §2, §5, §9): Load asks the platform for
// the page's preview and rebuilds the block from it in the provider's layout; a preview in
// two side-by-side columns (audio, 20/80) gets the layout width slider. What was
// loaded is stored in the letter, so the block shows and sends offline; only Load needs
// the platform, and says so.

export function UrlPanel({ section, edit }: PanelProps<SectionOf<'url' | 'dynamic'>>) {
  const { readOnly } = usePanelContext();
  const stored = section.blockModel.url;
  const [text, setText] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [crawl, { isLoading }] = useCrawlUrlMutation();

  useEffect(() => setText(stored), [stored]);
  // The dynamic block keeps no preview record (spec 2 §3), so what this panel loaded is shown instead.
  const [loaded, setLoaded] = useState<UrlPreview | null>(null);
  const preview = section.type === 'url' ? section.blockModel.preview : loaded;

  async function load() {
    setFailure(null);
    const checked = checkSourceUrl(text);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    setText(checked.value);
    if (checked.value === '') return;
    const result = await crawl({ url: fetchableUrl(checked.value) });
    if ('error' in result) return setFailure(failureText(result.error, 'The page gave no preview.'));
    const answer = result.data;
    setLoaded(answer);
    edit('preview', (current) => (current.type === 'url' || current.type === 'dynamic' ? applyPreview(current, answer, checked.value) : current));
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label="Source URL"
          placeholder="https://"
          value={text}
          error={error}
          disabled={readOnly}
          style={{ flex: 1 }}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onBlur={() => {
            const checked = checkSourceUrl(text);
            setError(checked.ok ? null : checked.message);
          }}
          onKeyDown={(event) => event.key === 'Enter' && void load()}
        />
        <Button mt={25} variant="light" loading={isLoading} disabled={readOnly || text.trim() === ''} onClick={() => void load()}>
          Load
        </Button>
      </Group>
      {failure && (
        <Alert color="red" variant="light" role="alert" title={URL_UPDATE_FAILED_MESSAGE}>
          {failure}
        </Alert>
      )}
      {preview && (
        <Text size="xs" c="dimmed">
          {`Loaded: ${preview.pageTitle ?? preview.pageUrl}${preview.providerName ? ` (${preview.providerName})` : ''}`}
        </Text>
      )}
      {hasResizableLeftColumn(section) && (
        <ColumnWidthSlider
          label="Left column width"
          value={section.blocks[0]?.columnWidth ?? 50}
          disabled={readOnly}
          onChange={(width) => edit('columnWidth', (now) => (now.type === 'url' || now.type === 'dynamic' ? withLeftColumnWidth(now, width) : now))}
        />
      )}
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { memo } from 'react';
import type { Letter } from '../../../shared/model/letter';
import { effectiveDesktopWidth, effectiveMobileWidth } from '../../../shared/model/letter-settings';
import type { PreviewAppearance } from '../../ui/email-preview/dark-appearance';
import { FRAME_BORDER, PreviewFrame, previewScale } from '../../ui/email-preview/PreviewFrame';
import { composerApi, useGetPreviewQuery, useGetSchedulePreviewQuery } from './composer-api';
import type { PreviewAsReaderChoice } from '../../../shared/contract/platform-preview-as';
import { PreviewAsPicker } from './PreviewAsPicker';
import { usePreviewAsQuery } from './preview-as-api';

export type PreviewDevice = 'desktop' | 'mobile';

/** The preview's 'Preview as' control and its choice, kept by the composer across its steps. */
export interface PreviewAsControl {
  choice: PreviewAsReaderChoice | null;
  onChange: (choice: PreviewAsReaderChoice | null) => void;
  /** Each change focuses the control (the 'Preview As…' command). */
  focusSignal: number;
}

/**
 * The letter as subscribers will see it, rendered by the core (at the schedule step with its promotions). The iframe is sandboxed
 * with nothing allowed: no scripts, no same-origin access, no forms, no navigation.
 * Memoized: the composer renders on every keystroke, the preview only when it changes.
 */
export const PreviewPane = memo(function PreviewPane({
  letter,
  device,
  appearance = 'light',
  revision,
  withPromotions = false,
  previewAs,
}: {
  letter: Letter;
  device: PreviewDevice;
  /** Light, or a mail client's dark mode (the appearance toggle beside the device toggle). */
  appearance?: PreviewAppearance;
  revision: string;
  /** The schedule step: each promotion slot filled with the promotion the send will carry. */
  withPromotions?: boolean;
  /** The composer's previews: the email as one reader will get it, chosen here. */
  previewAs?: PreviewAsControl;
}) {
  const plain = useGetPreviewQuery({ uniqueId: letter.uniqueId, revision }, { skip: withPromotions });
  const filled = useGetSchedulePreviewQuery({ uniqueId: letter.uniqueId, revision }, { skip: !withPromotions });
  const { data: preview, error, isFetching } = withPromotions ? filled : plain;
  const reader = previewAs?.choice ?? null;
  const asReader = usePreviewAsQuery(reader ? { uniqueId: letter.uniqueId, reader, revision } : skipToken);
  // Once the schedule step's content check has measured the email as mailed (minified), the
  // badge says the same size; it never asks for that check itself.
  const mailSize = composerApi.endpoints.getInboxCompatibility.useQueryState({ uniqueId: letter.uniqueId, revision }).data?.mailSize;
  const { ref, width: availableWidth } = useElementSize();
  const width = device === 'desktop' ? effectiveDesktopWidth(letter.settings) : effectiveMobileWidth(letter.settings);
  const scale = previewScale(availableWidth, width + FRAME_BORDER);

  const picker = previewAs && <PreviewAsPicker letter={letter} value={previewAs.choice} onChange={previewAs.onChange} focusSignal={previewAs.focusSignal} />;
  if (error) return <Alert color="red">{'message' in error ? String(error.message) : 'The preview could not be made.'}</Alert>;
  if (!preview) return <Loader aria-label="Rendering preview" />;
  const { insights } = preview;
  const { size, weight } = mailSize ?? insights;
  const readerError = reader && asReader.error ? ('message' in asReader.error ? String(asReader.error.message) : 'The preview as this reader could not be made.') : null;
  const readerView = reader && !asReader.error ? asReader.data : undefined;
  return (
    <Stack ref={ref} gap="xs" align="center">
      {picker}
      <Group gap="xs" aria-label="Content check">
        <Badge variant="light">~{insights.wordCount} words</Badge>
        <Badge variant="light">Readability {insights.readability.ease === null ? 'N/A' : `${Math.round(insights.readability.ease)}/100`}</Badge>
        <Badge variant="light">{insights.readability.time === null ? 'N/A' : `${insights.readability.time} min read`}</Badge>
        <Badge variant="light" color={weight === 'Good' ? 'teal' : 'orange'}>
          {size} KB · {weight}
        </Badge>
        {scale !== 1 && (
          <Badge variant="outline" color="gray">
            Shown at {Math.round(scale * 100)}% to fit
          </Badge>
        )}
        {(isFetching || (reader && asReader.isFetching)) && <Loader size="xs" aria-label="Updating preview" />}
      </Group>
      {insights.flags.missingUnsubscribe && <Text size="sm" c="orange">This letter has no unsubscribe link.</Text>}
      {readerError && <Alert color="orange">{readerError}</Alert>}
      {readerView && (
        <Stack gap={2} w={width + FRAME_BORDER} maw="100%" aria-label="As this reader gets it">
          <Text size="sm">
            <Text span fw={600}>Subject:</Text> {readerView.subject}
          </Text>
          <Text size="sm">
            <Text span fw={600}>Preview text:</Text> {readerView.preheader || '(none)'}
          </Text>
          <Text size="xs" c="dimmed">
            As {readerView.reader.email} gets it; their unsubscribe and poll links are shown but do nothing here.
            {readerView.offline && ' Offline: filled from what this computer kept, so their links are not signed yet.'}
          </Text>
        </Stack>
      )}
      <PreviewFrame html={readerView?.html ?? preview.html} width={width} scale={scale} appearance={appearance} />
    </Stack>
  );
});

import { Alert, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { memo } from 'react';
import type { Letter } from '../../../shared/model/letter';
import { effectiveDesktopWidth, effectiveMobileWidth } from '../../../shared/model/letter-settings';
import type { PreviewAppearance } from '../../ui/email-preview/dark-appearance';
import { FRAME_BORDER, PreviewFrame, previewScale } from '../../ui/email-preview/PreviewFrame';
import { composerApi, useGetPreviewQuery, useGetSchedulePreviewQuery } from './composer-api';

export type PreviewDevice = 'desktop' | 'mobile';

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
}: {
  letter: Letter;
  device: PreviewDevice;
  /** Light, or a mail client's dark mode (the appearance toggle beside the device toggle). */
  appearance?: PreviewAppearance;
  revision: string;
  /** The schedule step: each promotion slot filled with the promotion the send will carry. */
  withPromotions?: boolean;
}) {
  const plain = useGetPreviewQuery({ uniqueId: letter.uniqueId, revision }, { skip: withPromotions });
  const filled = useGetSchedulePreviewQuery({ uniqueId: letter.uniqueId, revision }, { skip: !withPromotions });
  const { data: preview, error, isFetching } = withPromotions ? filled : plain;
  // Once the schedule step's content check has measured the email as mailed (minified), the
  // badge says the same size; it never asks for that check itself.
  const mailSize = composerApi.endpoints.getInboxCompatibility.useQueryState({ uniqueId: letter.uniqueId, revision }).data?.mailSize;
  const { ref, width: availableWidth } = useElementSize();
  const width = device === 'desktop' ? effectiveDesktopWidth(letter.settings) : effectiveMobileWidth(letter.settings);
  const scale = previewScale(availableWidth, width + FRAME_BORDER);

  if (error) return <Alert color="red">{'message' in error ? String(error.message) : 'The preview could not be made.'}</Alert>;
  if (!preview) return <Loader aria-label="Rendering preview" />;
  const { insights } = preview;
  const { size, weight } = mailSize ?? insights;
  return (
    <Stack ref={ref} gap="xs" align="center">
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
        {isFetching && <Loader size="xs" aria-label="Updating preview" />}
      </Group>
      {insights.flags.missingUnsubscribe && <Text size="sm" c="orange">This letter has no unsubscribe link.</Text>}
      <PreviewFrame html={preview.html} width={width} scale={scale} appearance={appearance} />
    </Stack>
  );
});

import { Alert, Stack } from '@mantine/core';
import type { Section } from '../../../../shared/model';
import { CommonSettings } from './CommonSettings';
import type { PanelProps } from './section-edit';

// Blocks whose own settings come with a later feature (curation filters, news search, feeds,
// events, polls, promotions): the note says which, the common settings work already.

export function pendingFeatureNote(feature: string): string {
  return `Settings for this block arrive with ${feature}.`;
}

export function pendingFeaturePanel(feature: string) {
  return function PendingFeaturePanel({ section, edit }: PanelProps<Section>) {
    return (
      <Stack gap="sm">
        <Alert variant="light">{pendingFeatureNote(feature)}</Alert>
        <CommonSettings section={section} edit={edit} />
      </Stack>
    );
  };
}

import { Alert, Text } from '@mantine/core';
import { isOlderTemplate, OLDER_TEMPLATE_MESSAGE, OLDER_TEMPLATE_TITLE } from './older-template';

/**
 * The notice for a template configured before 2024-03-27 (spec 1 §8); renders nothing for
 * any other letter. `compact` is the one-line form for a row of the templates list.
 */
export function OlderTemplateNotice(props: { letter: { publicationStatus: number; updatedAt: string }; compact?: boolean }) {
  const { letter, compact = false } = props;
  if (!isOlderTemplate(letter)) return null;
  if (compact) {
    return (
      <Text size="xs" c="orange.8" role="note" aria-label={OLDER_TEMPLATE_TITLE}>
        {OLDER_TEMPLATE_MESSAGE}
      </Text>
    );
  }
  return (
    <Alert color="orange" variant="light" title={OLDER_TEMPLATE_TITLE} role="note">
      {OLDER_TEMPLATE_MESSAGE}
    </Alert>
  );
}

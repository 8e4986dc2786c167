import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Letter } from '../../../shared/model/letter';
import { SEE_TUTORIAL, missingPromotionsNotice, missingZones } from '../../../shared/rules/promotions';
import { letterZones, sectionsOf } from './letter-zones';
import { useGetScheduledPromotionsQuery } from './promotions-api';

/**
 * The schedule step's notice (spec 1 §8): approved promotions scheduled for the send day in
 * zones the letter has no block for. The editor may go on without them or go back to the
 * build step to place them.
 */
export function MissingPromotionsNotice({ letter, publicationDate, onGoBack }: { letter: Letter; publicationDate: string | null; onGoBack: () => void }) {
  const day = publicationDate?.slice(0, 10) ?? null;
  const { data } = useGetScheduledPromotionsQuery(
    { brandSlug: letter.brandSlug, channelSlug: letter.channelSlug, date: day ?? '' },
    { skip: day === null || !/^\d{4}-\d{2}-\d{2}$/.test(day) },
  );
  const [tutorial, setTutorial] = useState(false);
  if (!data || day === null) return null;
  const missing = missingZones(
    data.items.map((p) => p.zone),
    letterZones(sectionsOf(letter.blocks)),
  );
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" title="Missing promotions" aria-label="Missing promotions">
      <Stack gap="xs">
        <Text size="sm">{missingPromotionsNotice(missing, day)}</Text>
        <Group gap="md">
          <Button size="xs" variant="light" onClick={() => setTutorial(true)}>
            {SEE_TUTORIAL}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={onGoBack}>
            Go back to editing
          </Anchor>
        </Group>
      </Stack>
      <Modal opened={tutorial} onClose={() => setTutorial(false)} title="Placing promotions">
        <List spacing="xs" size="sm">
          <List.Item>Promotions are sold per send date and zone; an approved promotion fills its zone in every letter sent that day.</List.Item>
          <List.Item>Go back to editing, drag the Promotion block from DYNAMIC CONTENT onto the letter, and choose its zone in the block settings.</List.Item>
          <List.Item>Each zone is used by one block; the Promotion block is disabled once every zone has one.</List.Item>
          <List.Item>The promotion shows in the preview and in the sent email, in the letter&apos;s PROMOTION styles.</List.Item>
        </List>
      </Modal>
    </Alert>
  );
}

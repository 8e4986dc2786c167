import { ActionIcon, Anchor, Badge, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconTags, IconTextPlus } from '@tabler/icons-react';
import type { Aggregate } from '../../../shared/contract/platform-curation';
import { curationItemFromAggregate } from '../../../shared/rules/curation-items';

/**
 * One article of the curation list: the heart toggles `curated`; a curated one can be inserted into a letter.
 * Each button's name starts with the words it shows, then names the article (axe label-content-name-mismatch).
 */
export function AggregateCard(props: { aggregate: Aggregate; zone: string; onToggle: () => void; onInsert: () => void; onTags: () => void }) {
  const { aggregate, zone, onToggle, onInsert, onTags } = props;
  const item = curationItemFromAggregate(aggregate, zone);
  const meta = [item.author, item.siteName, item.publicationDate].filter(Boolean).join(' · ');
  return (
    <Paper withBorder p="sm" component="li" aria-label={aggregate.title}>
      <Group align="flex-start" wrap="nowrap">
        {item.image && <Image src={item.image} alt="" w={96} h={72} fit="cover" radius="sm" />}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Anchor href={item.link} target="_blank" rel="noreferrer" fw={600}>
            {item.title}
          </Anchor>
          {meta && (
            <Text size="xs" c="dimmed">
              {meta}
            </Text>
          )}
          {item.excerpt && (
            <Text size="sm" lineClamp={2}>
              {item.excerpt}
            </Text>
          )}
          {(aggregate.tags.length > 0 || aggregate.categories.length > 0) && (
            <Group gap={4}>
              {[...aggregate.tags, ...aggregate.categories].map((t) => (
                <Badge key={`${t.id}-${t.name}`} variant="light" size="sm">
                  {t.name}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <ActionIcon
            variant="subtle"
            color="pink"
            size="lg"
            aria-label={aggregate.curated ? `Uncurate ${aggregate.title}` : `Curate ${aggregate.title}`}
            aria-pressed={aggregate.curated}
            onClick={onToggle}
          >
            {aggregate.curated ? <IconHeartFilled size={20} /> : <IconHeart size={20} />}
          </ActionIcon>
          <Button size="xs" variant="subtle" leftSection={<IconTags size={14} />} onClick={onTags} aria-label={`Tags: ${aggregate.title}`}>
            Tags
          </Button>
          {aggregate.curated && (
            <Button size="xs" variant="light" leftSection={<IconTextPlus size={14} />} onClick={onInsert} aria-label={`Insert into letter: ${aggregate.title}`}>
              Insert into letter
            </Button>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}

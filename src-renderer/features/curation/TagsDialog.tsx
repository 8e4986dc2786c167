import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Aggregate } from '../../../shared/contract/platform-curation';
import { COMPANY_CHANNEL_SLUG } from '../../../shared/model/channel';
import { MultiSelectField } from '../../ui/MultiSelectField';
import { useCreateTagMutation, useCurationTagsQuery, useSetTagsMutation } from './curation-api';

/**
 * An article's tags: the channel's and the company's. New tags are made only on the company
 * channel (spec 3 §6), so only there does the picker offer to add one.
 */
export function TagsDialog(props: { brandSlug: string; channelSlug: string; aggregate: Aggregate | null; onClose: () => void }) {
  const { brandSlug, channelSlug, aggregate, onClose } = props;
  const tags = useCurationTagsQuery({ brandSlug, channelSlug, keyword: '', includeCompanyTags: true }, { skip: aggregate === null });
  const [save, saving] = useSetTagsMutation();
  const [create] = useCreateTagMutation();
  const [chosen, setChosen] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = chosen ?? aggregate?.tags.map((t) => String(t.id)) ?? [];
  const isCompany = channelSlug === COMPANY_CHANNEL_SLUG;

  const close = () => {
    setChosen(null);
    setError(null);
    onClose();
  };
  const addNew = async (name: string) => {
    const made = await create({ brandSlug, channelSlug, name });
    if ('error' in made) setError((made.error as { message?: string }).message ?? 'The tag could not be created.');
    else setChosen([...value, String(made.data.id)]);
  };
  const submit = async () => {
    if (!aggregate) return;
    const result = await save({ brandSlug, channelSlug, id: aggregate.id, tags: value.map(Number) });
    if ('error' in result) setError((result.error as { message?: string }).message ?? 'The tags could not be saved.');
    else close();
  };

  return (
    <Modal opened={aggregate !== null} onClose={close} title="Tags">
      <Stack>
        <Text size="sm">{aggregate?.title}</Text>
        <MultiSelectField
          label="Tags"
          data={(tags.data?.items ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          value={value}
          onChange={setChosen}
          {...(isCompany ? { onAddNew: (name: string) => void addNew(name) } : {})}
        />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving.isLoading}>
            Save tags
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

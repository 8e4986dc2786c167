import { Alert, Button, Group, Modal, Stack, TagsInput } from '@mantine/core';
import { useState } from 'react';
import { fieldOrMessage, useTagSubscribersMutation } from './audience-api';

// Add and remove tags on the selected subscribers in one call.

export function BulkTagModal(props: { brandSlug: string; channelSlug: string; ids: number[]; onClose: () => void; onDone: (updated: number) => void }) {
  const { brandSlug, channelSlug, ids, onClose, onDone } = props;
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [tag, tagging] = useTagSubscribersMutation();

  const save = async () => {
    const result = await tag({ brandSlug, channelSlug, change: { ids, add, remove } });
    if ('error' in result && result.error) {
      setError(fieldOrMessage(result.error, 'The tags could not be changed.'));
      return;
    }
    if ('data' in result && result.data) onDone(result.data.updated);
  };

  return (
    <Modal opened onClose={onClose} title={`Tag ${ids.length} selected ${ids.length === 1 ? 'subscriber' : 'subscribers'}`}>
      <Stack gap="sm">
        <TagsInput label="Tags to add" value={add} onChange={setAdd} data-autofocus />
        <TagsInput label="Tags to remove" value={remove} onChange={setRemove} />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={tagging.isLoading}>
            Apply tags
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Aggregate } from '../../../shared/contract/platform-curation';
import { isEditableStatus } from '../../../shared/model/publication';
import { useCurationLettersQuery, useInsertIntoLetterMutation } from './curation-api';

/** Picks a letter that can still be edited and appends the curated article to it as a section. */
export function InsertIntoLetterDialog(props: { brandSlug: string; channelSlug: string; zone: string; aggregate: Aggregate | null; onClose: () => void }) {
  const { brandSlug, channelSlug, zone, aggregate, onClose } = props;
  const letters = useCurationLettersQuery({ brandSlug, channelSlug }, { skip: aggregate === null, refetchOnMountOrArgChange: true });
  const [insert, inserting] = useInsertIntoLetterMutation();
  const [letter, setLetter] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = (letters.data ?? [])
    .filter((l) => isEditableStatus(l.publicationStatus))
    .map((l) => ({ value: l.uniqueId, label: l.title.trim() || 'Untitled letter' }));

  const close = () => {
    setLetter(null);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!aggregate || !letter) return;
    const result = await insert({ brandSlug, channelSlug, letterUniqueId: letter, aggregate, zone });
    if ('error' in result) {
      setError((result.error as { message?: string }).message ?? 'The article could not be inserted.');
      return;
    }
    notifications.show({ message: `Inserted into ${options.find((o) => o.value === letter)?.label ?? 'the letter'}.`, color: 'green' });
    close();
  };

  return (
    <Modal opened={aggregate !== null} onClose={close} title="Insert into letter">
      <Stack>
        <Select
          label="Letter"
          placeholder={options.length ? 'Choose a draft' : 'No drafts in this channel'}
          data={options}
          value={letter}
          onChange={setLetter}
          searchable
          comboboxProps={{ withinPortal: false }}
        />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!letter} loading={inserting.isLoading}>
            Insert
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

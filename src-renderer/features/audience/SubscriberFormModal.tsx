import { ActionIcon, Alert, Button, Group, Modal, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Subscriber } from '../../../shared/contract/platform-audience';
import { fieldOrMessage, useAddSubscriberMutation, useUpdateSubscriberMutation } from './audience-api';

// Add one subscriber, or edit one: names, tags and custom fields. The email is fixed once
// added (it is who they are); the status has its own actions.

export function SubscriberFormModal(props: { brandSlug: string; channelSlug: string; subscriber: Subscriber | null; onClose: () => void }) {
  const { brandSlug, channelSlug, subscriber, onClose } = props;
  const [email, setEmail] = useState(subscriber?.email ?? '');
  const [firstName, setFirstName] = useState(subscriber?.firstName ?? '');
  const [lastName, setLastName] = useState(subscriber?.lastName ?? '');
  const [tags, setTags] = useState<string[]>(subscriber?.tags ?? []);
  const [fields, setFields] = useState<{ name: string; value: string }[]>(
    Object.entries(subscriber?.customFields ?? {}).map(([name, value]) => ({ name, value })),
  );
  const [error, setError] = useState<string | null>(null);
  const [add, adding] = useAddSubscriberMutation();
  const [update, updating] = useUpdateSubscriberMutation();

  const save = async () => {
    const customFields = Object.fromEntries(fields.filter((field) => field.name.trim() !== '').map((field) => [field.name.trim(), field.value]));
    const result = subscriber
      ? await update({ brandSlug, channelSlug, id: subscriber.id, changes: { firstName, lastName, tags, customFields } })
      : await add({ brandSlug, channelSlug, subscriber: { email, firstName, lastName, tags, customFields } });
    if ('error' in result && result.error) {
      setError(fieldOrMessage(result.error, 'The subscriber could not be saved.'));
      return;
    }
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={subscriber ? `Edit ${subscriber.email}` : 'Add a subscriber'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          {subscriber ? <Text size="sm">{subscriber.email}</Text> : <TextInput label="Email" required value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />}
          <Group grow>
            <TextInput label="First name" value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} />
            <TextInput label="Last name" value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} />
          </Group>
          <TagsInput label="Tags" value={tags} onChange={setTags} clearable />
          <Text size="sm" fw={500}>
            Custom fields
          </Text>
          {fields.map((field, index) => (
            <Group key={index} align="flex-end" wrap="nowrap">
              <TextInput
                label={`Field ${index + 1} name`}
                value={field.name}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  setFields((current) => current.map((f, i) => (i === index ? { ...f, name } : f)));
                }}
              />
              <TextInput
                label={`Field ${index + 1} value`}
                value={field.value}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setFields((current) => current.map((f, i) => (i === index ? { ...f, value } : f)));
                }}
              />
              <ActionIcon variant="subtle" color="red" mb={4} aria-label={`Remove field ${index + 1}`} onClick={() => setFields((current) => current.filter((_, i) => i !== index))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setFields((current) => [...current, { name: '', value: '' }])}>
              Add a custom field
            </Button>
          </Group>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={adding.isLoading || updating.isLoading}>
              {subscriber ? 'Save' : 'Add subscriber'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { ActionIcon, Alert, Autocomplete, Badge, Button, Group, Loader, Modal, NumberInput, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { SEGMENT_CONDITIONS_MAX, SegmentCriteriaSchema, type Segment, type SegmentCondition, type SegmentCriteria } from '../../../shared/contract/platform-audience';
import { fieldOrMessage, useSaveSegmentMutation, useSegmentCountQuery, useSegmentCriteriasQuery } from './audience-api';
import { conditionFor, OPERATOR_LABELS, usesEngagement, valueKind } from './segment-conditions';

// Create or edit a segment: its name and a criteria builder (match all or any of the
// conditions), with the number of active subscribers the criteria match now, asked of the
// platform once the editing pauses.

const COUNT_DEBOUNCE_MS = 400;

export function SegmentFormModal(props: { brandSlug: string; channelSlug: string; segment: Segment | null; onClose: () => void }) {
  const { brandSlug, channelSlug, segment, onClose } = props;
  const criterias = useSegmentCriteriasQuery({ brandSlug, channelSlug });
  const [name, setName] = useState(segment?.name ?? '');
  const [match, setMatch] = useState<SegmentCriteria['match']>(segment?.criteria?.match ?? 'all');
  const [conditions, setConditions] = useState<SegmentCondition[]>(segment?.criteria?.conditions ?? []);
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveSegmentMutation();

  const criteria = { match, conditions };
  const [debounced] = useDebouncedValue(criteria, COUNT_DEBOUNCE_MS);
  const checked = SegmentCriteriaSchema.safeParse(debounced);
  const count = useSegmentCountQuery({ brandSlug, channelSlug, criteria: checked.success ? checked.data : { match: 'all', conditions: [] } }, { skip: !checked.success });
  const items = criterias.data?.items ?? [];
  const engagement = usesEngagement(conditions);

  const setCondition = (index: number, next: SegmentCondition) => setConditions((current) => current.map((c, i) => (i === index ? next : c)));

  const submit = async () => {
    const parsed = SegmentCriteriaSchema.safeParse(criteria);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the conditions.');
      return;
    }
    const result = await save({ brandSlug, channelSlug, ...(segment ? { id: segment.id } : {}), segment: { name, criteria: parsed.data, isEngagementSegment: engagement } });
    if ('error' in result && result.error) {
      setError(fieldOrMessage(result.error, 'The segment could not be saved.'));
      return;
    }
    onClose();
  };

  return (
    <Modal opened onClose={onClose} title={segment ? `Edit ${segment.name}` : 'New segment'} size="xl">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
          <Group gap="xs">
            <Text size="sm">Subscribers who match</Text>
            <SegmentedControl
              aria-label="Match"
              size="xs"
              value={match}
              onChange={(value) => setMatch(value as SegmentCriteria['match'])}
              data={[
                { value: 'all', label: 'all conditions' },
                { value: 'any', label: 'any condition' },
              ]}
            />
          </Group>
          {criterias.isLoading && <Loader size="sm" aria-label="Loading the criteria" />}
          {criterias.error && <Alert color="red">{fieldOrMessage(criterias.error, 'The criteria could not be loaded.')}</Alert>}
          {conditions.map((condition, index) => {
            const criterion = items.find((item) => item.field === condition.field);
            const kind = valueKind(condition.field);
            const n = index + 1;
            return (
              <Group key={index} align="flex-end" wrap="nowrap" aria-label={`Condition ${n}`} role="group">
                <Select
                  label={`Condition ${n} field`}
                  allowDeselect={false}
                  searchable
                  data={items.map((item) => ({ value: item.field, label: item.label }))}
                  value={condition.field}
                  onChange={(value) => {
                    const next = items.find((item) => item.field === value);
                    if (next) setCondition(index, conditionFor(next, condition));
                  }}
                />
                <Select
                  label={`Condition ${n} operator`}
                  allowDeselect={false}
                  data={(criterion?.operators ?? [condition.op]).map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
                  value={condition.op}
                  onChange={(value) => value && setCondition(index, { ...condition, op: value as SegmentCondition['op'] })}
                />
                {kind === 'days' ? (
                  <NumberInput
                    label={`Condition ${n} days`}
                    min={1}
                    max={3650}
                    allowDecimal={false}
                    value={condition.value === '' ? '' : Number(condition.value)}
                    onChange={(value) => setCondition(index, { ...condition, value: String(value) })}
                  />
                ) : kind === 'date' ? (
                  <TextInput label={`Condition ${n} date`} type="date" value={condition.value} onChange={(e) => setCondition(index, { ...condition, value: e.currentTarget.value })} />
                ) : kind === 'tag' ? (
                  <Autocomplete label={`Condition ${n} tag`} data={criterion?.values ?? []} value={condition.value} onChange={(value) => setCondition(index, { ...condition, value })} />
                ) : (
                  <TextInput label={`Condition ${n} value`} value={condition.value} onChange={(e) => setCondition(index, { ...condition, value: e.currentTarget.value })} />
                )}
                <ActionIcon variant="subtle" color="red" mb={4} aria-label={`Remove condition ${n}`} onClick={() => setConditions((current) => current.filter((_, i) => i !== index))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={items.length === 0 || conditions.length >= SEGMENT_CONDITIONS_MAX}
              onClick={() => setConditions((current) => [...current, conditionFor(items[0]!)])}
            >
              Add a condition
            </Button>
            {engagement && (
              <Badge variant="filled" color="grape.9">
                Engagement segment
              </Badge>
            )}
          </Group>
          <Text size="sm" role="status" aria-live="polite" data-testid="segment-live-count">
            {!checked.success
              ? 'Complete the conditions to see how many subscribers match.'
              : count.isFetching || !count.data
                ? 'Counting…'
                : `${count.data.total.toLocaleString('en-US')} active ${count.data.total === 1 ? 'subscriber matches' : 'subscribers match'} now.`}
          </Text>
          {count.error && <Text size="sm" c="red.8">{fieldOrMessage(count.error, 'The subscribers could not be counted.')}</Text>}
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isLoading}>
              {segment ? 'Save' : 'Create segment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

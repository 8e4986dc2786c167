import { Alert, Button, Card, Group, NumberInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { AdTypeInput } from '../../../shared/contract/bridge-promotions';
import { AD_TYPE_DEFAULTS, clampAdTypePosition } from '../../../shared/rules/promotions';
import { RowActions } from '../../ui/RowActions';
import { useDeleteAdTypeMutation, useGetAdTypesQuery, useSaveAdTypeMutation } from './promotions-api';

const blank = (): AdTypeInput => ({ title: '', ...AD_TYPE_DEFAULTS });

/**
 * The organization's ad types (spec 3 §3): character limits, image size, inventory and
 * position (0–100, clamped). Each is a zone of the organization's letters, in position order.
 */
export function AdTypesCard({ brandSlug }: { brandSlug: string }) {
  const { data } = useGetAdTypesQuery({ brandSlug });
  const [save, saving] = useSaveAdTypeMutation();
  const [removeAdType] = useDeleteAdTypeMutation();
  const [form, setForm] = useState<AdTypeInput | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const number = (key: Exclude<keyof AdTypeInput, 'title'>, label: string, min = 1) => (
    <NumberInput
      label={label}
      min={min}
      allowDecimal={false}
      value={form![key]}
      onChange={(value) => setForm((f) => f && { ...f, [key]: typeof value === 'number' ? value : Number(value) || 0 })}
      onBlur={key === 'position' ? () => setForm((f) => f && { ...f, position: clampAdTypePosition(f.position) }) : undefined}
    />
  );
  const remove = async (id: number): Promise<string | null> => {
    const result = await removeAdType({ brandSlug, id });
    return 'error' in result && result.error ? ('message' in result.error ? String(result.error.message) : 'The ad type could not be deleted.') : null;
  };
  const submit = async () => {
    if (!form) return;
    const result = await save({ brandSlug, id: null, adType: form });
    if ('data' in result) return setForm(null);
    setProblem(result.error && 'message' in result.error ? String(result.error.message) : 'The ad type could not be saved.');
  };
  return (
    <Card withBorder aria-label="Ad types">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Ad types</Title>
          <Button size="xs" variant="default" onClick={() => setForm(blank())} disabled={form !== null}>
            New ad type
          </Button>
        </Group>
        {problem && <Alert color="red">{problem}</Alert>}
        {form && (
          <Stack gap="xs">
            <TextInput label="Title" required value={form.title} onChange={(e) => setForm({ ...form, title: e.currentTarget.value })} />
            <Group grow>
              {number('headingCharacterCount', 'Heading characters')}
              {number('contentCharacterCount', 'Content characters')}
              {number('callToActionCharacterCount', 'Call to action characters')}
            </Group>
            <Group grow>
              {number('imageWidth', 'Image width')}
              {number('imageHeight', 'Image height')}
              {number('inventory', 'Inventory', 0)}
              {number('position', 'Position (0–100)', 0)}
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setForm(null)}>
                Cancel
              </Button>
              <Button onClick={() => void submit()} loading={saving.isLoading} disabled={form.title.trim() === ''}>
                Save ad type
              </Button>
            </Group>
          </Stack>
        )}
        {data && data.items.length === 0 && (
          <Text size="sm" c="dimmed">
            No ad types yet. An ad type sets the limits of the promotions placed in it: heading, content, call to action and image size.
          </Text>
        )}
        {data && data.items.length > 0 && (
          <Table aria-label="Ad types list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zone</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Limits</Table.Th>
                <Table.Th>Image</Table.Th>
                <Table.Th>Inventory</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>Zone {a.zone}</Table.Td>
                  <Table.Td>{a.title}</Table.Td>
                  <Table.Td>
                    {a.headingCharacterCount}/{a.contentCharacterCount}/{a.callToActionCharacterCount}
                  </Table.Td>
                  <Table.Td>
                    {a.imageWidth}x{a.imageHeight}
                  </Table.Td>
                  <Table.Td>{a.inventory}</Table.Td>
                  <Table.Td>{a.position}</Table.Td>
                  <Table.Td>
                    <RowActions name={a.title} confirmTitle="Delete this ad type?" onDelete={() => remove(a.id)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

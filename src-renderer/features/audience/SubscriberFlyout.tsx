import { Alert, Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { Flyout } from '../../ui/Flyout';
import { errorMessage, useSubscriberDetailQuery } from './audience-api';
import { STATUS_COLORS, STATUS_LABELS } from './subscriber-labels';
import { formatDate, formatDateTime } from '../../../shared/rules/display-dates';
import { useChannel } from '../../app/use-channel';

// One subscriber: fields, tags, and the letters they got with what they did with them.
// Edit, Delete and Unsubscribe act through the page, which owns the dialogs.

export function SubscriberFlyout(props: {
  brandSlug: string;
  channelSlug: string;
  id: number;
  onClose: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onUnsubscribe: () => void;
}) {
  const { brandSlug, channelSlug, id, onClose, onEdit, onDelete, onUnsubscribe } = props;
  const { data, error, isLoading } = useSubscriberDetailQuery({ brandSlug, channelSlug, id });
  const zone = useChannel(brandSlug, channelSlug)?.timezone.tzCode;
  return (
    <Flyout
      opened
      onClose={onClose}
      title={data?.email ?? 'Subscriber'}
      size="lg"
      onEdit={data ? onEdit : undefined}
      onDelete={data ? onDelete : undefined}
      moreOptions={data?.status === 'active' ? [{ label: 'Unsubscribe', onClick: onUnsubscribe }] : []}
    >
      {isLoading && <Loader aria-label="Loading the subscriber" />}
      {error && <Alert color="red">{errorMessage(error, 'The subscriber could not be loaded.')}</Alert>}
      {data && (
        <Stack gap="md">
          <Table aria-label="Subscriber fields">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Status</Table.Th>
                <Table.Td>
                  <Badge color={STATUS_COLORS[data.status]} variant="filled">
                    {STATUS_LABELS[data.status]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>First name</Table.Th>
                <Table.Td>{data.firstName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Last name</Table.Th>
                <Table.Td>{data.lastName}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Subscribed</Table.Th>
                <Table.Td>{formatDate(data.createdAt, zone)}</Table.Td>
              </Table.Tr>
              {Object.entries(data.customFields).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th>{name}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group gap={4}>
            <Text size="sm" fw={500}>
              Tags:
            </Text>
            {data.tags.length === 0 ? (
              <Text size="sm" c="dimmed">
                none
              </Text>
            ) : (
              data.tags.map((tag) => (
                <Badge key={tag} variant="outline" color="blue.9">
                  {tag}
                </Badge>
              ))
            )}
          </Group>
          <Title order={4} size="h5">
            Letters
          </Title>
          {data.letters.length === 0 ? (
            <Text size="sm" c="dimmed">
              No letters sent to this subscriber yet.
            </Text>
          ) : (
            <Table aria-label="Letters sent" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Letter</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Opened</Table.Th>
                  <Table.Th>Clicked</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.letters.map((letter) => (
                  <Table.Tr key={letter.letterId}>
                    <Table.Td>{letter.title}</Table.Td>
                    <Table.Td>{letter.sentAt ? formatDateTime(letter.sentAt, zone) : letter.status === 'refused' ? 'Refused' : 'Pending'}</Table.Td>
                    <Table.Td>{letter.opens > 0 ? `Yes (${letter.opens})` : 'No'}</Table.Td>
                    <Table.Td>{letter.clicks > 0 ? `Yes (${letter.clicks})` : 'No'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </Flyout>
  );
}

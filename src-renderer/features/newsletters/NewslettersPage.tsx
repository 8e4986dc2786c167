import { Alert, Anchor, Badge, Button, Group, Loader, Table, Text, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams } from 'react-router';
import { publicationStatusLabel } from '../../../shared/model/publication';
import { letterPath } from '../../app/paths';
import { useGetSessionQuery } from '../session/session-api';
import { useCreateLetterMutation, useListLettersQuery } from './newsletters-api';

/** The channel's newsletters list (title, status, updated time) with New letter. */
export function NewslettersPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const navigate = useNavigate();
  const { data: session } = useGetSessionQuery();
  const channel = session?.organizations.find((o) => o.slug === brandSlug)?.channels.find((c) => c.channelSlug === channelSlug);
  const { data: letters, isLoading, error } = useListLettersQuery({ brandSlug, channelSlug }, { refetchOnMountOrArgChange: true });
  const [createLetter, creation] = useCreateLetterMutation();

  async function onNewLetter() {
    const result = await createLetter({ brandSlug, channelSlug });
    if ('data' in result && result.data) {
      navigate(letterPath(brandSlug, channelSlug, result.data.id ?? result.data.uniqueId));
    }
  }

  return (
    <div style={{ padding: 'var(--mantine-spacing-md)' }}>
      <Group justify="space-between" mb="md">
        <div>
          <Title order={2}>Newsletters</Title>
          {channel && <Text c="dimmed">{channel.title}</Text>}
        </div>
        <Button onClick={onNewLetter} loading={creation.isLoading}>
          New letter
        </Button>
      </Group>
      {creation.error && 'message' in creation.error && <Alert color="red" mb="md">{String(creation.error.message)}</Alert>}
      {error && 'message' in error && <Alert color="red">{String(error.message)}</Alert>}
      {isLoading && <Loader aria-label="Loading newsletters" />}
      {letters && letters.length === 0 && <Text c="dimmed">No newsletters yet. Start one with New letter.</Text>}
      {letters && letters.length > 0 && (
        <Table highlightOnHover aria-label="Newsletters">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {letters.map((letter) => (
              <Table.Tr key={letter.uniqueId}>
                <Table.Td>
                  <Anchor component={Link} to={letterPath(brandSlug, channelSlug, letter.id ?? letter.uniqueId)}>
                    {letter.title || 'Untitled draft'}
                  </Anchor>
                  {letter.unsynced && (
                    <Badge ml="xs" size="xs" color="yellow" variant="light">
                      Not synced
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>{publicationStatusLabel(letter.publicationStatus)}</Table.Td>
                <Table.Td>{dayjs(letter.updatedAt).format('MMM D, YYYY h:mm A')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}

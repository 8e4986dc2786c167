import { Paper, Table, Text, Title } from '@mantine/core';
import type { TopLinksResponse } from '../../../shared/contract/platform-reports';
import { EmptyState } from '../../ui/EmptyState';
import { ShortLink } from '../../ui/ShortLink';

/** How many links the card lists. */
export const TOP_LINKS_SHOWN = 10;

/**
 * The links readers followed most: url, unique clicks and total clicks, or for letters
 * published before 2023-12-15 (the legacy shape, spec 1 §9) url and clicks.
 */
export function TopLinksCard({ topLinks }: { topLinks: TopLinksResponse | null }) {
  const link = (url: string) => <ShortLink url={url} />;
  let body;
  if (!topLinks) {
    body = <EmptyState title="No links to show">The clicks of this send could not be loaded. Try again later.</EmptyState>;
  } else if (topLinks.legacy) {
    const items = topLinks.items.filter((item) => item.clicks > 0).slice(0, TOP_LINKS_SHOWN);
    body = items.length ? (
      <Table aria-label="Top clicked links">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Link</Table.Th>
            <Table.Th ta="right">Clicks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.url}>
              <Table.Td>{link(item.url)}</Table.Td>
              <Table.Td ta="right">{item.clicks}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    ) : null;
  } else {
    const items = topLinks.items.filter((item) => item.total > 0).slice(0, TOP_LINKS_SHOWN);
    body = items.length ? (
      <Table aria-label="Top clicked links">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Link</Table.Th>
            <Table.Th ta="right">Unique clicks</Table.Th>
            <Table.Th ta="right">Total clicks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.url}>
              <Table.Td>{link(item.url)}</Table.Td>
              <Table.Td ta="right">{item.uniques}</Table.Td>
              <Table.Td ta="right">{item.total}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    ) : null;
  }
  return (
    <Paper withBorder p="md" component="section" aria-label="Top clicked links">
      <Title order={3} size="h4" mb="sm">
        Top clicked links
      </Title>
      {body ?? <Text c="dimmed">No one has followed a link yet.</Text>}
    </Paper>
  );
}

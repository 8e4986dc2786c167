import { Paper, Table, Title } from '@mantine/core';
import type { CountryOpens } from '../../../shared/contract/platform-reports';
import { formatRate } from '../../../shared/model/metrics-formulas';
import { EmptyState } from '../../ui/EmptyState';

/** Readers who opened, by country ('Unknown' where the address gave none), most first. */
export function CountryOpensCard({ items }: { items: CountryOpens[] | null }) {
  const total = items?.reduce((sum, item) => sum + item.readers, 0) ?? 0;
  return (
    <Paper withBorder p="md" component="section" aria-label="Opens by country">
      <Title order={3} size="h4" mb="sm">
        Opens by country
      </Title>
      {items && items.length > 0 ? (
        <Table aria-label="Opens by country">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Country</Table.Th>
              <Table.Th ta="right">Readers</Table.Th>
              <Table.Th ta="right">Share</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.countryCode ?? 'unknown'}>
                <Table.Td>{item.country}</Table.Td>
                <Table.Td ta="right">{item.readers}</Table.Td>
                <Table.Td ta="right">{formatRate(total > 0 ? Math.round((item.readers / total) * 1000) / 10 : null)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <EmptyState title="No countries to show">{items ? 'No one has opened it yet.' : 'The opens by country could not be loaded. Try again later.'}</EmptyState>
      )}
    </Paper>
  );
}

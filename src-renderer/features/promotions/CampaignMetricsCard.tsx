import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { getBridge } from '../../app/bridge';
import { MetricsChart } from '../../ui/MetricsChart';
import { saveTextFile } from '../../ui/save-text-file';
import { useGetCampaignMetricsQuery } from './promotions-api';

/** Clicks and views of a campaign (spec 3 §3 "Campaign metrics response"): totals, by day, by promotion with its pay, and the CSV. */
export function CampaignMetricsCard({ brandSlug, campaignId }: { brandSlug: string; campaignId: number }) {
  const { data, error } = useGetCampaignMetricsQuery({ brandSlug, campaignId });
  const download = async () => {
    const result = await getBridge().invoke('promotions.metricsCsv', { brandSlug, campaignId });
    if (result.ok) saveTextFile(`campaign-${campaignId}-metrics.csv`, result.data);
  };
  return (
    <Card withBorder aria-label="Campaign metrics">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Metrics</Title>
          <Button size="xs" variant="default" onClick={() => void download()}>
            Download CSV
          </Button>
        </Group>
        {error && <Alert color="red">{'message' in error ? String(error.message) : 'The metrics could not be loaded.'}</Alert>}
        {data && (
          <>
            <Group>
              <Text>
                Clicks: <strong data-testid="campaign-clicks">{data.clicks}</strong>
              </Text>
              <Text>
                Views: <strong data-testid="campaign-views">{data.views}</strong>
              </Text>
            </Group>
            {data.metricsByDay.length > 0 && (
              <MetricsChart
                kind="bar"
                label="Clicks and views by day"
                data={data.metricsByDay.map((d) => ({ date: d.date, clicks: d.clicks, impressions: d.impressions }))}
                dataKey="date"
                series={[
                  { name: 'clicks', label: 'Clicks', color: 'indigo.6' },
                  { name: 'impressions', label: 'Views', color: 'teal.6' },
                ]}
              />
            )}
            <Table aria-label="Metrics by promotion">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Promotion</Table.Th>
                  <Table.Th>Clicks</Table.Th>
                  <Table.Th>Views</Table.Th>
                  <Table.Th>Pay</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.metricsByPromotion.map((p) => (
                  <Table.Tr key={p.promotionId}>
                    <Table.Td>{p.headline}</Table.Td>
                    <Table.Td>{p.clicks}</Table.Td>
                    <Table.Td>{p.impressions}</Table.Td>
                    <Table.Td>{p.payText}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Card>
  );
}

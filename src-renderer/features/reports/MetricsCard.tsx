import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { EditionMetrics } from '../../../shared/contract/platform-metrics';
import { clickRate, clickThroughRate, deliveryRate, formatRate, openRate } from '../../../shared/model/metrics-formulas';
import { EmptyState } from '../../ui/EmptyState';

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Stack gap={0} role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

const count = (n: number) => n.toLocaleString('en-US');
/** '1 unique click', '2 unique clicks'. */
const counted = (n: number, thing: string) => `${count(n)} ${thing}${n === 1 ? '' : 's'}`;

/**
 * The edition's numbers with every rate of spec 1 §9 (one decimal; the open rate by the
 * letter's esp); bounces and unsubscribes as counts.
 */
export function MetricsCard({ metrics, esp }: { metrics: EditionMetrics | null; esp: number }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Metrics">
      <Title order={3} size="h4" mb="sm">
        Metrics
      </Title>
      {metrics ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure label="Sent" value={count(metrics.sent)} />
          <Figure label="Delivered" value={count(metrics.delivered)} />
          <Figure label="Delivery rate" value={formatRate(deliveryRate(metrics))} />
          <Figure
            label="Open rate"
            value={formatRate(openRate(metrics, esp))}
            detail={esp > 0 ? counted(metrics.opensUnique, 'unique open') : counted(metrics.opensUniqueConfirmed, 'confirmed unique open')}
          />
          <Figure label="Click rate" value={formatRate(clickRate(metrics))} detail={counted(metrics.clicksUnique, 'unique click')} />
          <Figure label="Click-through rate" value={formatRate(clickThroughRate(metrics))} />
          <Figure label="Bounces" value={count(metrics.bounced)} />
          <Figure label="Unsubscribes" value={count(metrics.unsubscribed)} />
        </SimpleGrid>
      ) : (
        <EmptyState title="No metrics to show">The numbers of this send could not be loaded. Try again later.</EmptyState>
      )}
    </Paper>
  );
}

import { Paper, Title } from '@mantine/core';
import type { HourPerformanceRow } from '../../../shared/contract/platform-reports';
import { EmptyState } from '../../ui/EmptyState';
import { MetricsChart } from '../../ui/MetricsChart';
import { hoursOnChannelClock } from './report-hours';

/** Opens and clicks per hour since the send began, on the channel's clock. */
export function HourPerformanceCard({ rows, zone }: { rows: HourPerformanceRow[] | null; zone: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-label="Hour performance">
      <Title order={3} size="h4" mb="sm">
        Hour performance
      </Title>
      {rows && rows.length > 0 ? (
        <MetricsChart
          kind="bar"
          label="Opens and clicks by hour"
          data={hoursOnChannelClock(rows, zone).map((point) => ({ ...point }))}
          dataKey="hour"
          series={[
            { name: 'opens', label: 'Opens', color: 'blue.6' },
            { name: 'clicks', label: 'Clicks', color: 'teal.6' },
          ]}
        />
      ) : (
        <EmptyState title="No hourly figures to show">{rows ? 'Nothing has been opened or clicked yet.' : 'The hourly figures could not be loaded. Try again later.'}</EmptyState>
      )}
    </Paper>
  );
}

import { Anchor, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { letterPath } from '../../../shared/app-paths';
import { DASHBOARD_PERIODS, type ChannelDashboard, type DashboardPeriod } from '../../../shared/contract/bridge-reports';
import { clickRate, formatRate, openRate } from '../../../shared/model/metrics-formulas';
import { formatSendDate } from '../../../shared/rules/schedule-dates';
import { EmptyState } from '../../ui/EmptyState';
import { FreshnessNote } from '../../ui/FreshnessNote';
import { MetricsChart } from '../../ui/MetricsChart';

export interface ChannelDashboardViewProps {
  brandSlug: string;
  channelSlug: string;
  channelTitle: string;
  zone: string;
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  /** null while loading or when it could not be loaded. */
  dashboard: ChannelDashboard | null;
}

/**
 * A channel's metrics dashboard (spec 1 §2): the period buttons (365, 180, 90, 30 — the
 * default — and 7 days), the letters sent in the period with their sent, delivered, open
 * and click rates, and their open rates as a chart.
 */
export function ChannelDashboardView(props: ChannelDashboardViewProps) {
  const { brandSlug, channelSlug, channelTitle, zone, period, onPeriodChange, dashboard } = props;
  const letters = dashboard?.letters ?? [];
  const chartData = letters.map((letter) => ({
    letter: letter.title || `Letter ${letter.id}`,
    openRate: letter.metrics ? openRate(letter.metrics, letter.esp) : null,
  }));
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed">{channelTitle}</Text>
        </div>
        <SegmentedControl
          aria-label="Period"
          value={String(period)}
          onChange={(value) => onPeriodChange(Number(value) as DashboardPeriod)}
          data={DASHBOARD_PERIODS.map((days) => ({ value: String(days), label: `${days} days` }))}
        />
      </Group>
      {dashboard && <FreshnessNote fetchedAt={dashboard.fetchedAt} offline={dashboard.offline} />}
      {letters.length === 0 ? (
        <Paper withBorder p="md">
          <EmptyState title="No letters sent in this period">{dashboard ? 'Letters sent in the period show here with their numbers.' : 'The dashboard could not be loaded.'}</EmptyState>
        </Paper>
      ) : (
        <>
          <Paper withBorder p="md" component="section" aria-label="Open rate per letter">
            <Title order={2} size="h4" mb="sm">
              Open rate per letter
            </Title>
            <MetricsChart
              kind="bar"
              label="Open rate per letter"
              data={chartData}
              dataKey="letter"
              series={[{ name: 'openRate', label: 'Open rate', color: 'blue.6' }]}
              valueFormatter={(value) => formatRate(value)}
            />
          </Paper>
          <Paper withBorder p="md" component="section" aria-label="Letters sent">
            <Title order={2} size="h4" mb="sm">
              Letters sent
            </Title>
            <Table aria-label="Letters sent" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Letter</Table.Th>
                  <Table.Th>Send date</Table.Th>
                  <Table.Th ta="right">Sent</Table.Th>
                  <Table.Th ta="right">Delivered</Table.Th>
                  <Table.Th ta="right">Open rate</Table.Th>
                  <Table.Th ta="right">Click rate</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {letters.map((letter) => (
                  <Table.Tr key={letter.uniqueId}>
                    <Table.Td>
                      <Anchor component={Link} to={letterPath(brandSlug, channelSlug, letter.id)}>
                        {letter.title || `Letter ${letter.id}`}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{letter.publicationDate ? formatSendDate(letter.publicationDate, zone) : '—'}</Table.Td>
                    <Table.Td ta="right">{letter.metrics ? letter.metrics.sent.toLocaleString('en-US') : '—'}</Table.Td>
                    <Table.Td ta="right">{letter.metrics ? letter.metrics.delivered.toLocaleString('en-US') : '—'}</Table.Td>
                    <Table.Td ta="right">{formatRate(letter.metrics ? openRate(letter.metrics, letter.esp) : null)}</Table.Td>
                    <Table.Td ta="right">{formatRate(letter.metrics ? clickRate(letter.metrics) : null)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
    </Stack>
  );
}

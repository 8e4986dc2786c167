import { Anchor, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { letterPath } from '../../../shared/app-paths';
import { DASHBOARD_TOP_LETTERS, type AppDashboard, type DashboardScope } from '../../../shared/contract/bridge-dashboards';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../shared/contract/bridge-reports';
import type { DashboardLetter } from '../../../shared/contract/platform-dashboards';
import type { Activity } from '../../../shared/contract/platform-metrics';
import type { Organization } from '../../../shared/model/channel';
import { formatRate } from '../../../shared/model/metrics-formulas';
import { ActivityControl } from '../../ui/ActivityControl';
import { EmptyState } from '../../ui/EmptyState';
import { FreshnessNote } from '../../ui/FreshnessNote';
import { MetricsChart } from '../../ui/MetricsChart';
import { MultiSelectField } from '../../ui/MultiSelectField';
import { DashboardLettersTable } from './DashboardLettersTable';
import { topLetters } from './dashboard-letters-order';
import { formatDate, formatDay } from '../../../shared/rules/display-dates';

export interface DashboardViewProps {
  scope: DashboardScope;
  /** 'The Weekly', 'Demo', or 'All organizations'. */
  subtitle: string;
  /** The organizations whose channels the filter offers (one for a brand, all for the company view). */
  organizations: Organization[];
  period: DashboardPeriod;
  onPeriodChange: (period: DashboardPeriod) => void;
  /** Whose clicks the letters and audience count: people's, or every click. */
  activity: Activity;
  onActivityChange: (activity: Activity) => void;
  /** Picked channels as 'brandSlug/channelSlug'; none means every channel. */
  channels: string[];
  onChannelsChange: (channels: string[]) => void;
  /** null while loading or when it could not be loaded. */
  dashboard: AppDashboard | null;
  /** The Share and Export buttons and their dialogs (need the platform; absent offline). */
  exportAction?: ReactNode;
}

export const channelKey = (brandSlug: string, channelSlug: string) => `${brandSlug}/${channelSlug}`;

const count = (value: number) => value.toLocaleString('en-US');

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </div>
  );
}

/** A UTC day of the platform's ('2026-11-28') as the charts show it: 'Nov 28'. */
const utcDayLabel = (day: string) => formatDay(`${day}T00:00:00Z`, 'UTC');

/**
 * A metrics dashboard (spec 1 §2, spec 3 "Metrics dashboards"): the period buttons, the
 * channel filter grouped by brand (not on a channel's own dashboard), active subscribers
 * over time, the letters sent in the period with their rates, the audience's opens and
 * clicks per day, and the top letters.
 */
export function DashboardView(props: DashboardViewProps) {
  const { scope, subtitle, organizations, period, onPeriodChange, activity, onActivityChange, channels, onChannelsChange, dashboard, exportAction } = props;
  const channelOf = (letter: DashboardLetter) => {
    const channel = organizations.find((o) => o.slug === letter.organizationSlug)?.channels.find((c) => c.channelSlug === letter.channelSlug);
    return { title: channel?.title ?? letter.channelSlug, zone: channel?.timezone.tzCode || 'UTC' };
  };
  const unavailable = dashboard ? 'This card could not be loaded.' : 'The dashboard could not be loaded.';
  const subscribers = dashboard?.subscribers ?? null;
  const letters = dashboard?.letters ?? null;
  const audience = dashboard?.audience ?? null;
  const best = letters ? topLetters(letters, DASHBOARD_TOP_LETTERS) : [];
  return (
    <Stack p="md" gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed">{subtitle}</Text>
        </div>
        <Group align="flex-end">
          <ActivityControl value={activity} onChange={onActivityChange} />
          <SegmentedControl
            aria-label="Period"
            value={String(period)}
            onChange={(value) => onPeriodChange(Number(value) as DashboardPeriod)}
            data={DASHBOARD_PERIODS.map((days) => ({ value: String(days), label: `${days} days` }))}
          />
          {exportAction}
        </Group>
      </Group>
      {scope !== 'channel' && (
        <MultiSelectField
          label="Channels"
          placeholder="All channels"
          data={[]}
          groups={organizations.map((organization) => ({
            group: organization.name,
            items: organization.channels.map((channel) => ({ value: channelKey(organization.slug, channel.channelSlug), label: channel.title })),
          }))}
          value={channels}
          onChange={onChannelsChange}
          w={420}
        />
      )}
      {dashboard && <FreshnessNote fetchedAt={dashboard.fetchedAt} offline={dashboard.offline} />}
      {dashboard && (
        <Text size="sm" c="dimmed">
          {formatDate(`${dashboard.from}T00:00:00Z`, 'UTC')} to {formatDate(`${dashboard.to}T00:00:00Z`, 'UTC')} (UTC days)
        </Text>
      )}

      <Card title="Active subscribers">
        {subscribers ? (
          <>
            <SimpleGrid cols={{ base: 2, sm: 5 }} mb="md">
              <Figure label="Active" value={count(subscribers.totals.active)} />
              <Figure label="Subscribed" value={count(subscribers.totals.subscribed)} />
              <Figure label="Unsubscribed" value={count(subscribers.totals.unsubscribed)} />
              <Figure label="Bounced" value={count(subscribers.totals.bounced)} />
              <Figure label="Net growth" value={count(subscribers.totals.netGrowth)} />
            </SimpleGrid>
            <MetricsChart
              kind="line"
              label="Active subscribers over time"
              data={subscribers.items}
              dataKey="day"
              labelFormatter={utcDayLabel}
              series={[
                { name: 'active', label: 'Active', color: 'indigo.6' },
                { name: 'subscribed', label: 'Subscribed', color: 'teal.6' },
                { name: 'unsubscribed', label: 'Unsubscribed', color: 'orange.6' },
                { name: 'bounced', label: 'Bounced', color: 'red.6' },
                { name: 'netGrowth', label: 'Net growth', color: 'gray.6' },
              ]}
            />
          </>
        ) : (
          <EmptyState title="No subscriber numbers">{unavailable}</EmptyState>
        )}
      </Card>

      <Card title="Letters sent">
        {letters === null ? (
          <EmptyState title="No letter numbers">{unavailable}</EmptyState>
        ) : letters.length === 0 ? (
          <EmptyState title="No letters sent in this period">Letters sent in the period show here with their numbers.</EmptyState>
        ) : (
          <>
            {dashboard?.lettersTotals && (
              <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
                <Figure label="Letters" value={count(letters.length)} />
                <Figure label="Delivered" value={count(dashboard.lettersTotals.delivered)} />
                <Figure label="Open rate" value={formatRate(dashboard.lettersTotals.openRate)} />
                <Figure label="Click rate" value={formatRate(dashboard.lettersTotals.clickRate)} />
              </SimpleGrid>
            )}
            <DashboardLettersTable letters={letters} showChannel={scope !== 'channel'} channelOf={channelOf} />
          </>
        )}
      </Card>

      <Card title="Audience engagement">
        {audience ? (
          <MetricsChart
            kind="bar"
            label="Opens and clicks per day"
            data={audience}
            dataKey="day"
            labelFormatter={utcDayLabel}
            series={[
              { name: 'opens', label: 'Opens', color: 'blue.6' },
              { name: 'clicks', label: 'Clicks', color: 'grape.6' },
            ]}
          />
        ) : (
          <EmptyState title="No audience numbers">{unavailable}</EmptyState>
        )}
      </Card>

      <Card title="Top letters">
        {best.length === 0 ? (
          <EmptyState title="No top letters yet">The letters with the best open rates in the period show here.</EmptyState>
        ) : (
          <Table aria-label="Top letters">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Letter</Table.Th>
                <Table.Th ta="right">Opens</Table.Th>
                <Table.Th ta="right">Open rate</Table.Th>
                <Table.Th ta="right">Click rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {best.map((letter) => (
                <Table.Tr key={letter.uniqueId}>
                  <Table.Td>
                    <Anchor component={Link} to={letterPath(letter.organizationSlug, letter.channelSlug, letter.id)}>
                      {letter.title || `Letter ${letter.id}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{count(letter.opens)}</Table.Td>
                  <Table.Td ta="right">{formatRate(letter.openRate)}</Table.Td>
                  <Table.Td ta="right">{formatRate(letter.clickRate)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}

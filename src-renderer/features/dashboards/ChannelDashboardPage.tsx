import { Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '../../../shared/contract/bridge-reports';
import { useChannel } from '../session/use-channel';
import { ChannelDashboardView } from './ChannelDashboardView';
import { useGetChannelDashboardQuery } from './dashboards-api';

/** Spec 1 §8 "Dashboard load failure". */
export const DASHBOARD_LOAD_FAILED = 'There was a problem loading your growth dashboard.';

/** The channel dashboard route: the period picked here, the figures from the core. */
export function ChannelDashboardPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const channel = useChannel(brandSlug, channelSlug);
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const { data, isLoading, isError } = useGetChannelDashboardQuery({ brandSlug, channelSlug, days: period }, { refetchOnMountOrArgChange: true });
  useEffect(() => {
    // Spec 1 §8: not raised when the slug is missing.
    if (isError && brandSlug && channelSlug) notifications.show({ color: 'red', message: DASHBOARD_LOAD_FAILED });
  }, [isError, brandSlug, channelSlug]);
  if (isLoading) return <Loader aria-label="Loading the dashboard" m="xl" />;
  return (
    <ChannelDashboardView
      brandSlug={brandSlug}
      channelSlug={channelSlug}
      channelTitle={channel?.title ?? channelSlug}
      zone={channel?.timezone.tzCode || 'UTC'}
      period={period}
      onPeriodChange={setPeriod}
      dashboard={isError ? null : (data ?? null)}
    />
  );
}

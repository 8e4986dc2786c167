import { Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { DEFAULT_DASHBOARD_PERIOD, type DashboardPeriod } from '../../../shared/contract/bridge-reports';
import { ORGANIZATION_SLUG_REQUIRED_MESSAGE } from '../../../shared/contract/platform-dashboards';
import type { Activity } from '../../../shared/contract/platform-metrics';
import { EmptyState } from '../../ui/EmptyState';
import { useGetSessionQuery } from '../../app/session-api';
import { channelKey, DashboardView } from './DashboardView';
import { ExportDialog } from './ExportDialog';
import { ShareDialog } from './ShareDialog';
import { dashboardRouteOf } from './dashboard-scope';
import { useGetDashboardQuery } from './dashboards-api';

/** Spec 1 §8 "Dashboard load failure". */
export const DASHBOARD_LOAD_FAILED = 'There was a problem loading your growth dashboard.';

/** The dashboard routes (company, brand, channel): the period and filter picked here, the figures from the core. */
export function DashboardPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const route = dashboardRouteOf(pathname, params);
  const { data: session } = useGetSessionQuery();
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const [channels, setChannels] = useState<string[]>([]);
  const [activity, setActivity] = useState<Activity>('people');
  const scopeKey = `${route.scope}/${route.brandSlug}/${route.channelSlug ?? ''}`;
  // Another scope starts with every channel again.
  useEffect(() => setChannels([]), [scopeKey]);
  const organizations = (session?.organizations ?? []).filter((o) => route.scope === 'company' || o.slug === route.brandSlug);
  const filter = channels.map((key) => {
    const [brandSlug = '', channelSlug = ''] = key.split('/');
    return { brandSlug, channelSlug };
  });
  const view = { ...route, days: period, channels: route.scope === 'channel' ? [] : filter, activity };
  const { data, isFetching, isError } = useGetDashboardQuery(
    view,
    { skip: !route.brandSlug, refetchOnMountOrArgChange: true },
  );
  useEffect(() => {
    // Spec 1 §8: not raised when the slug is missing.
    if (isError && route.brandSlug) notifications.show({ color: 'red', message: DASHBOARD_LOAD_FAILED });
  }, [isError, route.brandSlug]);
  if (!route.brandSlug) return <EmptyState title={ORGANIZATION_SLUG_REQUIRED_MESSAGE} />;
  if (isFetching && !data) return <Loader aria-label="Loading the dashboard" m="xl" />;
  const channel = organizations.find((o) => o.slug === route.brandSlug)?.channels.find((c) => c.channelSlug === route.channelSlug);
  const subtitle =
    route.scope === 'company' ? 'All organizations' : route.scope === 'channel' ? (channel?.title ?? route.channelSlug ?? '') : (organizations[0]?.name ?? route.brandSlug);
  return (
    <DashboardView
      scope={route.scope}
      subtitle={subtitle}
      organizations={organizations}
      period={period}
      onPeriodChange={setPeriod}
      activity={activity}
      onActivityChange={setActivity}
      channels={channels.filter((key) => organizations.some((o) => o.channels.some((c) => channelKey(o.slug, c.channelSlug) === key)))}
      onChannelsChange={setChannels}
      dashboard={isError ? null : (data ?? null)}
      exportAction={
        data && !data.offline ? (
          <>
            <ShareDialog view={view} />
            <ExportDialog view={view} />
          </>
        ) : undefined
      }
    />
  );
}

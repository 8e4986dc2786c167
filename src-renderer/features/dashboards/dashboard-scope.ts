import type { DashboardScope } from '../../../shared/contract/bridge-dashboards';

export interface DashboardRoute {
  scope: DashboardScope;
  brandSlug: string;
  channelSlug?: string;
}

/**
 * Spec 1 §2: a path with a 'company' segment is the tenant-wide view, 'channels' with a
 * channel slug one channel, anything else the brand of brandSlug.
 */
export function dashboardRouteOf(pathname: string, params: { brandSlug?: string; channelSlug?: string }): DashboardRoute {
  const brandSlug = params.brandSlug ?? '';
  const segments = pathname.split('/').filter(Boolean);
  if (segments.includes('company')) return { scope: 'company', brandSlug };
  if (segments.includes('channels') && params.channelSlug) return { scope: 'channel', brandSlug, channelSlug: params.channelSlug };
  return { scope: 'brand', brandSlug };
}

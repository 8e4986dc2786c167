import { describe, expect, it } from 'vitest';
import { dashboardRouteOf } from './dashboard-scope';

describe('the dashboard scope from the route', () => {
  it('is tenant-wide with company in the path, one channel on a channel route, else the brand', () => {
    expect(dashboardRouteOf('/organizations/demo/company/metrics', { brandSlug: 'demo' })).toEqual({ scope: 'company', brandSlug: 'demo' });
    expect(dashboardRouteOf('/organizations/demo/channels/weekly/metrics', { brandSlug: 'demo', channelSlug: 'weekly' })).toEqual({
      scope: 'channel',
      brandSlug: 'demo',
      channelSlug: 'weekly',
    });
    expect(dashboardRouteOf('/organizations/demo/metrics', { brandSlug: 'demo' })).toEqual({ scope: 'brand', brandSlug: 'demo' });
    // The company channel's own route is the tenant-wide view too.
    expect(dashboardRouteOf('/organizations/demo/channels/company/metrics', { brandSlug: 'demo', channelSlug: 'company' }).scope).toBe('company');
  });
});

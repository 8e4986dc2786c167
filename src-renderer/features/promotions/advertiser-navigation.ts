import { newslettersPath } from '../../../shared/app-paths';
import type { Organization } from '../../../shared/model/channel';
import { promotionsPath } from './promotion-paths';

// An advertiser holds a promotions grant, not a membership (docs/decisions.md, Promotions):
// in their organization the app opens the promotions screens and nothing else.

export function isAdvertiserOf(organization: Pick<Organization, 'role'> | undefined): boolean {
  return organization?.role === 'advertiser';
}

/** Where the app lands in a channel of this organization. */
export function organizationHomePath(organization: Organization, channelSlug: string): string {
  return isAdvertiserOf(organization) ? promotionsPath(organization.slug, channelSlug) : newslettersPath(organization.slug, channelSlug);
}

/** Whether a path is one of the promotions screens of that channel (the list or a campaign). */
export function isPromotionsPath(pathname: string, brandSlug: string, channelSlug: string): boolean {
  const base = promotionsPath(brandSlug, channelSlug);
  return pathname === base || pathname.startsWith(`${base}/`);
}

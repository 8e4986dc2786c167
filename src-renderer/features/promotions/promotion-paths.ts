import { newslettersPath } from '../../../shared/app-paths';

// The promotions screens sit beside a channel's other screens, so the navigation keeps its
// place; campaigns themselves belong to the organization.

export const promotionsPath = (brandSlug: string, channelSlug: string) => newslettersPath(brandSlug, channelSlug).replace(/\/newsletters$/, '/promotions');

export const campaignPath = (brandSlug: string, channelSlug: string, uniqueId: string) =>
  `${promotionsPath(brandSlug, channelSlug)}/${encodeURIComponent(uniqueId)}`;

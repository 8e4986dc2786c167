import { newslettersPath } from '../../../shared/app-paths';

// The audience screens sit beside a channel's other screens, so the navigation keeps its place.

const channelBase = (brandSlug: string, channelSlug: string) => newslettersPath(brandSlug, channelSlug).replace(/\/newsletters$/, '');
export const subscribersPath = (brandSlug: string, channelSlug: string) => `${channelBase(brandSlug, channelSlug)}/subscribers`;
export const segmentsPath = (brandSlug: string, channelSlug: string) => `${channelBase(brandSlug, channelSlug)}/segments`;

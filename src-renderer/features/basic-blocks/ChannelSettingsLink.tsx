import type { ReactNode } from 'react';
import { AppLink } from '../../block-kit/AppLink';

// A link to the channel settings page (spec 2 §2).

export const channelSettingsPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/settings`;

export function ChannelSettingsLink({ brandSlug, channelSlug, children }: { brandSlug: string; channelSlug: string; children: ReactNode }) {
  return <AppLink to={channelSettingsPath(brandSlug, channelSlug)}>{children}</AppLink>;
}

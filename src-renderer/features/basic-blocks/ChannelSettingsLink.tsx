import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';

// A link to the channel settings page (spec 2 §2), inside the app's router when there is one.

export const channelSettingsPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/settings`;

export function ChannelSettingsLink({ brandSlug, channelSlug, children }: { brandSlug: string; channelSlug: string; children: ReactNode }) {
  const inRouter = useInRouterContext();
  const to = channelSettingsPath(brandSlug, channelSlug);
  return inRouter ? (
    <Anchor component={Link} to={to} size="sm">
      {children}
    </Anchor>
  ) : (
    <Anchor href={to} size="sm">
      {children}
    </Anchor>
  );
}

import { useState } from 'react';
import { useParams } from 'react-router';

export interface ShownChannel {
  brandSlug: string;
  channelSlug: string;
}

/**
 * The organization and channel the shell's switcher and navigation show: the route's, or on
 * a screen outside any channel (Settings, Integrations, the local mailbox, an organization
 * dashboard) the last one the user was in, so leaving for Settings does not blank the
 * switcher and take the channel's navigation away.
 */
export function useShownChannel(): ShownChannel {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const [last, setLast] = useState<ShownChannel | null>(null);
  // Remembered during render (React's "storing information from previous renders"), so the first paint already shows it.
  if (brandSlug && channelSlug && (last?.brandSlug !== brandSlug || last.channelSlug !== channelSlug)) setLast({ brandSlug, channelSlug });
  if (brandSlug && channelSlug) return { brandSlug, channelSlug };
  if (brandSlug) return { brandSlug, channelSlug: last?.brandSlug === brandSlug ? last.channelSlug : '' };
  return last ?? { brandSlug: '', channelSlug: '' };
}

import { NETWORK_LABELS, type SocialNetwork } from '../model/enums';
import { accept, notANumberMessage, readNumber, refuse, requiredMessage, type FieldResult } from './field-result';

// Social profile links and the gap between icons (spec 2 §5 "Links").

/** The domains a profile link may point at; X also accepts twitter.com (spec 2 §5). */
export const PROFILE_DOMAINS: Record<SocialNetwork, readonly string[]> = {
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  linkedin: ['linkedin.com'],
  pinterest: ['pinterest.com'],
  reddit: ['reddit.com'],
  youtube: ['youtube.com', 'youtu.be'],
  tiktok: ['tiktok.com'],
  snapchat: ['snapchat.com'],
  x: ['x.com', 'twitter.com'],
};

export function profileLinkMessage(network: SocialNetwork): string {
  return `Only ${NETWORK_LABELS[network]} links (https) are allowed here.`;
}

/** An https link on the network's own domain or a subdomain of it. */
export function isProfileUrl(network: SocialNetwork, url: string): boolean {
  const host = /^https:\/\/([^/?#:@\s]+)(?::\d+)?(?:[/?#][^\s]*)?$/i.exec(url.trim())?.[1]?.toLowerCase();
  if (!host) return false;
  return PROFILE_DOMAINS[network].some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** A profile's link: required, https, on that network's domain. */
export function checkProfileLink(network: SocialNetwork, input: string): FieldResult<string> {
  const value = input.trim();
  if (value === '') return refuse(requiredMessage('Link'));
  return isProfileUrl(network, value) ? accept(value) : refuse(profileLinkMessage(network));
}

/** Required and at least 0; a negative gap is taken as 0 rather than refused (spec 2 §5). */
export function checkSocialGap(input: string | number): FieldResult<number> {
  const read = readNumber(input);
  if (read === '') return refuse(requiredMessage('Gap'));
  if (!Number.isFinite(read)) return refuse(notANumberMessage('Gap'));
  return accept(Math.max(0, read));
}

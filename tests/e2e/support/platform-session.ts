import { EMBEDDED_ACCOUNT } from '../../../shared/contract/platform-api';
import type { MeResponse } from '../../../shared/contract/platform-api';
import { createPlatformClient } from '../../../src-main/core/platform/platform-client';
import type { PlatformClient } from '../../../src-main/core/platform/platform-client';

// The platform as a test's own hands reach it beside the app: the core's client, signed in
// as the embedded account, for setting up letters and reading what the platform stored.

/** A client of `platformUrl`, signed in as the embedded account, and its token (for calls made with fetch). */
export async function signIn(platformUrl: string): Promise<{ client: PlatformClient; token: string }> {
  let token: string | null = null;
  const client = createPlatformClient(platformUrl, () => token);
  token = (await client.login({ ...EMBEDDED_ACCOUNT })).token;
  return { client, token };
}

/** A client of `platformUrl`, signed in as the embedded account. */
export async function signedInClient(platformUrl: string): Promise<PlatformClient> {
  return (await signIn(platformUrl)).client;
}

/** The demo organization's 'weekly' channel, as `me` lists it. */
export async function weeklyChannel(client: PlatformClient): Promise<MeResponse['organizations'][number]['channels'][number]> {
  const channel = (await client.me()).organizations.find((org) => org.slug === 'demo')?.channels.find((c) => c.channelSlug === 'weekly');
  if (!channel) throw new Error('The demo organization has no weekly channel');
  return channel;
}

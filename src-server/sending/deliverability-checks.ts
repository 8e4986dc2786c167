import type { DeliverabilityCheck } from '../../shared/contract/platform-sending';
import { domainOfAddress } from '../../shared/rules/sending-identity';
import type { Db } from '../db/database';
import { DEFAULT_MAIL_FROM } from '../delivery/mail-transport';
import type { SendingSettings } from './sending-settings';

// What stands between this platform's mail and the inbox, each with what to do: logged at
// start-up (the platform-wide ones) and shown to an organization's owners and admins in the
// app (Settings), with the organization's own.

export function platformChecks(settings: SendingSettings): DeliverabilityCheck[] {
  const checks: DeliverabilityCheck[] = [];
  if (!settings.publicUrl || !settings.publicUrl.startsWith('https://')) {
    checks.push({
      code: 'public-url-not-https',
      message: `Readers reach the platform at ${settings.publicUrl ?? 'the address it listens on'}, not over https: mail clients offer one-click unsubscribe (RFC 8058) only for https links. Ask your administrator to give the platform an https address.`,
    });
  }
  if (settings.mailFrom === DEFAULT_MAIL_FROM) {
    checks.push({
      code: 'default-from',
      message: `Mail without a channel identity is sent From ${DEFAULT_MAIL_FROM}, which no inbox trusts. Set a From address in each channel's settings, and ask your administrator to make the platform's default From address one on a verified sending domain.`,
    });
  }
  return checks;
}

export async function organizationChecks(db: Db, organizationId: number, settings: SendingSettings): Promise<DeliverabilityCheck[]> {
  const domains = await db.selectFrom('sendingDomains').select(['domain', 'verifiedAt']).where('organizationId', '=', organizationId).execute();
  const verified = new Set(domains.filter((domain) => domain.verifiedAt !== null).map((domain) => domain.domain));
  const checks = platformChecks(settings);
  if (verified.size === 0) {
    checks.push({
      code: 'no-verified-domain',
      message: 'No sending domain of this organization is verified, so its mail is not DKIM-signed. Add your domain under Sending domains, publish the records it lists and press Check DNS.',
    });
  }
  const channels = await db.selectFrom('channels').select(['title', 'fromAddress']).where('organizationId', '=', organizationId).where('fromAddress', '!=', '').orderBy('title').execute();
  for (const channel of channels) {
    const domain = domainOfAddress(channel.fromAddress);
    if (!verified.has(domain)) {
      checks.push({
        code: 'channel-from-unverified',
        message: `${channel.title} sends from ${channel.fromAddress}, but ${domain} is not verified: it cannot schedule or send tests until Check DNS finds the domain's records.`,
      });
    }
  }
  return checks;
}

/**
 * The setting an administrator changes for each platform-wide check. The app's message
 * says what to ask for; the start-up log, read by the administrator, names the setting.
 */
const SETTING_OF_CHECK: Partial<Record<string, string>> = {
  'public-url-not-https': 'PUBLIC_URL',
  'default-from': 'MAIL_FROM',
};

/** One line per platform-wide check, for the start-up log. */
export function startupWarnings(settings: SendingSettings): string[] {
  return platformChecks(settings).map((check) => {
    const setting = SETTING_OF_CHECK[check.code];
    return `Deliverability: ${check.message}${setting ? ` (setting: ${setting})` : ''}`;
  });
}

import { DEFAULT_MAIL_FROM } from '../delivery/mail-transport';
import { isIP } from 'node:net';
import { readSecretKey } from './platform-secret';

// How the platform's mail identifies itself, read from the environment by the hosts
// (main.ts, the browser host) and passed down as options:
//   MAIL_FROM       the From of mail whose channel has no identity of its own (and of exports)
//   MAIL_HOSTNAME   the name the platform's SMTP client gives in EHLO, and the host the
//                   return-path MX and SPF records point at (default: PUBLIC_URL's host)
//   SPF_INCLUDE     an SPF include of the sending service (e.g. _spf.mail.example.net); the
//                   suggested SPF record names `a:{MAIL_HOSTNAME}` without it
//   DNS_SERVERS     resolvers the Check DNS button asks, comma-separated host[:port]
//                   (default: the system's)
//   PLATFORM_SECRET_KEY, PLATFORM_SECRET_KEY_PREVIOUS   platform-secret.ts

export interface SendingSettings {
  /** `Name <address>`. */
  mailFrom: string;
  mailHostname: string;
  spfInclude: string | null;
  dnsServers: string[];
  /** Where readers reach the public pages; its host ends every List-Id. */
  publicUrl: string | null;
}

export const DEFAULT_MAIL_HOSTNAME = 'localhost';

export function sendingSettingsOf(options: {
  mailFrom?: string | undefined;
  mailHostname?: string | undefined;
  spfInclude?: string | undefined;
  dnsServers?: readonly string[] | undefined;
  publicUrl?: string | undefined;
}): SendingSettings {
  const publicUrl = options.publicUrl?.replace(/\/+$/, '') || null;
  return {
    mailFrom: options.mailFrom?.trim() || DEFAULT_MAIL_FROM,
    mailHostname: options.mailHostname?.trim() || hostNameOf(publicUrl) || DEFAULT_MAIL_HOSTNAME,
    spfInclude: options.spfInclude?.trim() || null,
    dnsServers: [...(options.dnsServers ?? [])],
    publicUrl,
  };
}

/** PUBLIC_URL's host when it is a name: an address literal is no EHLO name and no MX target. */
function hostNameOf(publicUrl: string | null): string | null {
  if (!publicUrl) return null;
  const host = new URL(publicUrl).hostname;
  return isIP(host.replace(/^\[|\]$/g, '')) === 0 ? host : null;
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const SERVER = /^(\[[0-9a-f:.]+\]|[0-9.]+|[0-9a-f:]+)(:\d{1,5})?$/i;

export interface SendingStartOptions {
  sending?: { mailHostname?: string; spfInclude?: string; dnsServers?: string[] };
  secretKey?: Buffer;
  previousSecretKey?: Buffer;
}

/** startPlatform's sending options from the environment (main.ts, the browser host). */
export function sendingStartOptionsFromEnv(env: NodeJS.ProcessEnv): SendingStartOptions {
  const options: SendingStartOptions = { sending: sendingEnvSettings(env) };
  if (env.PLATFORM_SECRET_KEY?.trim()) options.secretKey = readSecretKey(env.PLATFORM_SECRET_KEY);
  if (env.PLATFORM_SECRET_KEY_PREVIOUS?.trim()) {
    if (!options.secretKey) throw new Error('PLATFORM_SECRET_KEY_PREVIOUS needs PLATFORM_SECRET_KEY: the new key.');
    options.previousSecretKey = readSecretKey(env.PLATFORM_SECRET_KEY_PREVIOUS, 'PLATFORM_SECRET_KEY_PREVIOUS');
  }
  return options;
}

/** The settings above from the environment; a malformed one stops the start with a message. */
export function sendingEnvSettings(env: NodeJS.ProcessEnv): { mailHostname?: string; spfInclude?: string; dnsServers?: string[] } {
  const settings: { mailHostname?: string; spfInclude?: string; dnsServers?: string[] } = {};
  const hostname = env.MAIL_HOSTNAME?.trim();
  if (hostname) {
    if (!HOSTNAME.test(hostname)) throw new Error(`MAIL_HOSTNAME must be a host name such as mail.example.com, not "${hostname}"`);
    settings.mailHostname = hostname.toLowerCase();
  }
  const include = env.SPF_INCLUDE?.trim();
  if (include) {
    if (!HOSTNAME.test(include.replace(/^_/, 'x'))) throw new Error(`SPF_INCLUDE must be a domain such as _spf.mail.example.net, not "${include}"`);
    settings.spfInclude = include.toLowerCase();
  }
  const servers = (env.DNS_SERVERS ?? '').split(',').map((server) => server.trim()).filter(Boolean);
  for (const server of servers) {
    if (!SERVER.test(server)) throw new Error(`DNS_SERVERS must be IP addresses with optional ports, e.g. 127.0.0.1:5353, not "${server}"`);
  }
  if (servers.length > 0) settings.dnsServers = servers;
  return settings;
}

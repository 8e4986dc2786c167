// Whether a load of the open pixel is a reader opening the email (a confirmed open) or a
// machine fetching it (DECISIONS "Sending, A/B and metrics"): privacy proxies that fetch
// every image on delivery (Apple Mail Privacy Protection, Gmail's and Yahoo's image
// proxies), link and attachment scanners, and anything that fetches within seconds of the
// send. Judged from the user agent and the timing only: the proxies hide the reader's
// address, so nothing else is known.

/** An open this soon after the mail server took the email is a machine's. */
export const PREFETCH_WINDOW_MS = 5_000;

/**
 * User agents of proxies, prefetchers and scanners, matched case-insensitively anywhere in
 * the header. One list for opens and clicks (click-classification.ts): the security
 * gateways that follow every link of an email as it arrives, and the HTTP libraries and
 * headless browsers scanners are built on, which no reader clicks with. Many gateways
 * (Microsoft's Safe Links among them) also fetch with an ordinary browser's agent; their
 * addresses (scanner-networks.ts) and their timing catch those.
 */
const MACHINE_AGENTS = [
  'googleimageproxy',
  'yahoomailproxy',
  'google-safety',
  'barracuda',
  'mimecast',
  'proofpoint',
  'symantec',
  'messagelabs',
  'forcepoint',
  'cisco ironport',
  'ironport',
  'trendmicro',
  'trend micro',
  'sophos',
  'fireeye',
  'zscaler',
  'fortiguard',
  'safelinks',
  'safe links',
  'microsoft defender',
  'urldefense',
  'urlscan',
  'virustotal',
  'scanner',
  'bot',
  'crawler',
  'spider',
  'prefetch',
  'preview',
  'curl/',
  'wget/',
  'python-requests',
  'python-urllib',
  'aiohttp',
  'go-http-client',
  'okhttp',
  'apache-httpclient',
  'java/',
  'libwww-perl',
  'headlesschrome',
  'phantomjs',
];

/**
 * Tokens a browser or mail client's web view puts after `Mozilla/5.0`. Apple MPP sends
 * `Mozilla/5.0` and nothing a browser would, so a Mozilla agent without any of these is
 * the proxy.
 */
const BROWSER_TOKENS = /applewebkit|gecko|trident|chrome|safari|firefox|edg\/|opr\/|msie|outlook|thunderbird/i;

export function isMachineAgent(userAgent: string): boolean {
  const agent = userAgent.trim();
  if (agent === '') return true;
  const lower = agent.toLowerCase();
  if (MACHINE_AGENTS.some((needle) => lower.includes(needle))) return true;
  return /^mozilla\/\d/i.test(agent) && !BROWSER_TOKENS.test(agent);
}

/** True when this load of the pixel counts as the reader's own open. */
export function isConfirmedOpen(userAgent: string, openedAt: Date, sentAt: Date | null): boolean {
  if (isMachineAgent(userAgent)) return false;
  return sentAt === null || openedAt.getTime() - sentAt.getTime() >= PREFETCH_WINDOW_MS;
}

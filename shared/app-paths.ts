// Routes of the app, written once (spec 1 §2): the renderer navigates to them, main opens them from links and notifications.

export const newslettersPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/newsletters`;

/** The channel's templates list (spec 1 §2); leaving a template's composer goes here. */
export const templatesPath = (brandSlug: string, channelSlug: string) => `${newslettersPath(brandSlug, channelSlug)}/templates`;

export const letterPath = (brandSlug: string, channelSlug: string, id: number | string) =>
  `${newslettersPath(brandSlug, channelSlug)}/${encodeURIComponent(String(id))}`;

/** The platform's local mailbox: emails kept instead of sent when it has no mail server. */
export const localMailboxPath = '/local-mailbox';

/** Settings (the desktop app's platform choice); Settings… and CmdOrCtrl+, open it. */
export const settingsPath = '/settings';

/** The channel's metrics dashboard (spec 1 §2 "Metrics dashboards"); a sent letter's 'Dashboard' goes here. */
export const channelDashboardPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/metrics`;

/** A brand's metrics dashboard: every channel of the organization (spec 1 §2). */
export const brandDashboardPath = (brandSlug: string) => `/organizations/${encodeURIComponent(brandSlug)}/metrics`;

/** The tenant-wide metrics dashboard: 'company' in the path (spec 1 §2). */
export const companyDashboardPath = (brandSlug: string) => `/organizations/${encodeURIComponent(brandSlug)}/company/metrics`;

/** A channel's settings (spec 2 §2): name, logo, colours, font size, timezone, address, footer language. */
export const channelSettingsPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/settings`;

/** Settings → Integrations: the organization's Evvnt token (the events block's notice links here). */
export const integrationsPath = '/settings/integrations';
/** The organization's sending domains: the DNS records each publishes and Check DNS (issue 29). */
export const sendingDomainsPath = (brandSlug: string) => `/organizations/${encodeURIComponent(brandSlug)}/sending-domains`;
/** The organization's polls (spec 3 "Polls"), shown from a channel so the shell keeps its place and the polls flag its channel. */
export const pollsPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/polls`;
/** A channel's curation screen: its feeds and the articles read from them (spec 3 §1 "Curation side"). */
export const curationPath = (brandSlug: string, channelSlug: string) =>
  `/organizations/${encodeURIComponent(brandSlug)}/channels/${encodeURIComponent(channelSlug)}/curation`;
/** Letterdesk's own help page: the guide and the shortcuts of the host it runs in (the Help dialog opens it). */
export const helpPath = '/help';

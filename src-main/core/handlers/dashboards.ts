import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { AppDashboard, DashboardChannelRef, DashboardScope } from '../../../shared/contract/bridge-dashboards';
import { AppError } from '../../../shared/contract/errors';
import type { ActiveSubscribersResponse, AudienceDay, DashboardLetter, DashboardLetterCounts } from '../../../shared/contract/platform-dashboards';
import type { Activity } from '../../../shared/contract/platform-metrics';
import { dashboardRange } from '../../../shared/rules/dashboard-period';
import { dashboardRates } from '../../../shared/rules/dashboard-rates';
import { PlatformError, type DashboardCallQuery, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { DashboardCache } from '../store/dashboard-cache';

// The metrics dashboards (spec 1 §2, §7). A brand or channel view is one set of platform
// calls; the tenant-wide (company) view asks each of the user's organizations and adds the
// answers up day by day. Each card is asked on its own, so one failing leaves only its card
// empty. The answer is kept per scope, period and filter; offline, the last one seen is
// answered, marked offline, with its age.

type Log = (message: string, detail?: unknown) => void;

interface DashboardDeps {
  session: SessionService;
  client: PlatformClient;
  cache: DashboardCache;
  log: Log;
  now?: () => Date;
}

/** One organization-level (or channel-level) set of calls. */
interface Target {
  brandSlug: string;
  channelSlug?: string;
  /** The organization's channels the filter kept; undefined means all of them. */
  channels?: string[];
}

/** Letters fetched per view at most (40 pages of 25): a year of daily letters in a few channels. */
const MAX_LETTER_PAGES = 40;
const NO_ORGANIZATION = 'This organization does not exist, or you are not a member of it.';
const NO_CHANNEL = 'This channel does not exist, or you are not a member of it.';
const OFFLINE_EXPORT = 'Exporting needs a connection to the platform. Try again when you are online.';
const OFFLINE_SHARE = 'Sharing a dashboard needs a connection to the platform. Try again when you are online.';

type Cards = Omit<AppDashboard, 'fetchedAt' | 'offline'>;

class Offline extends Error {}

export function dashboardHandlers(deps: DashboardDeps): Pick<BridgeHandlers, 'dashboards.get' | 'dashboards.export' | 'dashboards.share'> {
  const { session, client, cache, log } = deps;
  const now = deps.now ?? (() => new Date());

  function targetsOf(scope: DashboardScope, brandSlug: string, channelSlug: string | undefined, filter: DashboardChannelRef[]): Target[] {
    // An advertiser's organizations show them promotions only, never the letters' dashboards.
    const organizations = session.current().organizations.filter((o) => o.role !== 'advertiser');
    const narrowed = (slug: string): string[] | undefined => {
      if (filter.length === 0) return undefined;
      return filter.filter((ref) => ref.brandSlug === slug).map((ref) => ref.channelSlug);
    };
    if (scope === 'channel') {
      if (!session.findChannel(brandSlug, channelSlug ?? '')) throw new AppError('not_found', NO_CHANNEL);
      return [{ brandSlug, channelSlug }];
    }
    if (scope === 'brand') {
      if (!organizations.some((o) => o.slug === brandSlug)) throw new AppError('not_found', NO_ORGANIZATION);
      const channels = narrowed(brandSlug);
      return [{ brandSlug, ...(channels && channels.length > 0 ? { channels } : {}) }];
    }
    // Tenant-wide: an organization none of whose channels the filter kept is left out.
    return organizations.flatMap((organization) => {
      const channels = narrowed(organization.slug);
      if (channels === undefined) return [{ brandSlug: organization.slug }];
      return channels.length > 0 ? [{ brandSlug: organization.slug, channels }] : [];
    });
  }

  /** A card's answer, or null when the platform refused it. Network failure: Offline. */
  async function card<T>(what: string, ask: () => Promise<T>, refusals: string[]): Promise<T | null> {
    try {
      return await ask();
    } catch (error) {
      if (error instanceof PlatformError && error.kind === 'network') throw new Offline();
      if (error instanceof PlatformError) {
        log(`Dashboard: ${what} failed`, error.message);
        refusals.push(error.message);
        return null;
      }
      throw error;
    }
  }

  async function allLetters(target: Target, query: DashboardCallQuery): Promise<DashboardLetter[]> {
    const letters: DashboardLetter[] = [];
    for (let page = 1; page <= MAX_LETTER_PAGES; page++) {
      const answer = await client.dashboardLetters(target.brandSlug, target.channelSlug, { ...query, page });
      letters.push(...answer.items);
      if (answer.items.length < answer.pageSize || letters.length >= answer.total) break;
    }
    return letters;
  }

  async function fetchCards(targets: Target[], range: { from: string; to: string }, activity: Activity): Promise<Cards> {
    const refusals: string[] = [];
    const answers = await Promise.all(
      targets.map(async (target) => {
        const query: DashboardCallQuery = { ...range, ...(target.channels ? { channels: target.channels } : {}) };
        const counted: DashboardCallQuery = { ...query, activity };
        const [subscribers, letters, audience] = await Promise.all([
          card('active subscribers', () => client.dashboardActiveSubscribers(target.brandSlug, target.channelSlug, query), refusals),
          card('letters', () => allLetters(target, counted), refusals),
          card('audience', async () => (await client.dashboardAudience(target.brandSlug, target.channelSlug, counted)).items, refusals),
        ]);
        return { subscribers, letters, audience };
      }),
    );
    // Nothing at all could be had: the platform refused the view itself (spec 1 §8 toast).
    if (targets.length > 0 && refusals.length === targets.length * 3) throw new AppError('platform_error', refusals[0]!);
    const every = <T>(values: (T | null)[]): T[] | null => (values.every((value) => value !== null) ? (values as T[]) : null);
    const subscribers = every(answers.map((answer) => answer.subscribers));
    const letters = every(answers.map((answer) => answer.letters));
    const audience = every(answers.map((answer) => answer.audience));
    const allLettersSent = letters ? letters.flat().sort((a, b) => a.sentAt.localeCompare(b.sentAt) || a.id - b.id) : null;
    return {
      ...range,
      subscribers: subscribers ? addSubscribers(subscribers, range) : null,
      letters: allLettersSent,
      lettersTotals: allLettersSent ? totalsOf(allLettersSent) : null,
      audience: audience ? addAudience(audience, range) : null,
    };
  }

  return {
    async 'dashboards.get'({ scope, brandSlug, channelSlug, days, channels, activity }) {
      // Platform days are UTC calendar days (docs/decisions.md, Dashboard calls); the end is tomorrow.
      const range = dashboardRange(days, 'UTC', now());
      const filter = scope === 'channel' ? [] : [...channels].sort((a, b) => `${a.brandSlug}/${a.channelSlug}`.localeCompare(`${b.brandSlug}/${b.channelSlug}`));
      const targets = targetsOf(scope, brandSlug, channelSlug, filter);
      // People's figures keep the key they always had; every click's is a key of its own.
      const key = JSON.stringify({
        scope,
        brandSlug: scope === 'company' ? null : brandSlug,
        channelSlug: scope === 'channel' ? channelSlug : null,
        days,
        filter,
        ...(activity === 'all' ? { activity } : {}),
      });
      try {
        if (await session.ensureSignedIn()) {
          const cards = await fetchCards(targets, range, activity);
          const fetchedAt = now().toISOString();
          await cache.put(key, cards, fetchedAt);
          return { ...cards, fetchedAt, offline: false };
        }
      } catch (error) {
        if (!(error instanceof Offline) && !(error instanceof PlatformError && error.kind === 'network')) throw error;
      }
      const cached = await cache.get<Cards>(key);
      if (cached) return { ...cached.value, fetchedAt: cached.fetchedAt, offline: true };
      return { ...range, subscribers: null, letters: null, lettersTotals: null, audience: null, fetchedAt: null, offline: true };
    },

    async 'dashboards.share'({ scope, brandSlug, channelSlug, days, channels }) {
      const range = dashboardRange(days, 'UTC', now());
      const targets = targetsOf(scope, brandSlug, channelSlug, scope === 'channel' ? [] : channels);
      const narrowed = [...new Set(targets.flatMap((target) => target.channels ?? []))];
      const filters = {
        created_at_after: range.from,
        created_at_before: range.to,
        ...(narrowed.length > 0 ? { channels: narrowed } : {}),
        ...(scope === 'company' ? { organizations: targets.map((target) => target.brandSlug) } : {}),
      };
      try {
        if (!(await session.ensureSignedIn())) throw new AppError('offline', OFFLINE_SHARE);
        const answer = await client.embedDashboard(scope === 'company' ? undefined : brandSlug, scope === 'channel' ? channelSlug : undefined, { filters, service: 'growth_dashboard' });
        const item = answer.items[0];
        if (!item) throw new AppError('platform_error', 'The platform did not answer a dashboard link.');
        return { url: client.baseUrl + item.path, expiresAt: item.expiresAt };
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'network') throw new AppError('offline', OFFLINE_SHARE);
        if (error instanceof PlatformError) throw new AppError('platform_error', error.message, error.fields);
        throw error;
      }
    },

    async 'dashboards.export'({ scope, brandSlug, channelSlug, days, channels, kind, emails }) {
      const range = dashboardRange(days, 'UTC', now());
      const targets = targetsOf(scope, brandSlug, channelSlug, scope === 'channel' ? [] : channels);
      try {
        if (!(await session.ensureSignedIn())) throw new AppError('offline', OFFLINE_EXPORT);
        // The tenant-wide view asks each organization for its own export (each its own email).
        let message = '';
        for (const target of targets) {
          const answer = await client.dashboardExport(target.brandSlug, target.channelSlug, kind, { emails, ...range, ...(target.channels ? { channels: target.channels } : {}) });
          message = answer.message;
        }
        return { message };
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'network') throw new AppError('offline', OFFLINE_EXPORT);
        if (error instanceof PlatformError) throw new AppError('platform_error', error.message, error.fields);
        throw error;
      }
    },
  };
}

/** Every day of the range, from..to both included. */
function daysOf({ from, to }: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

function addSubscribers(answers: ActiveSubscribersResponse[], range: { from: string; to: string }): ActiveSubscribersResponse {
  const zero = { active: 0, subscribed: 0, unsubscribed: 0, bounced: 0, netGrowth: 0 };
  const byDay = new Map(daysOf(range).map((day) => [day, { day, ...zero }]));
  const totals = { ...zero };
  for (const answer of answers) {
    for (const item of answer.items) {
      const sum = byDay.get(item.day) ?? { day: item.day, ...zero };
      byDay.set(item.day, {
        day: item.day,
        active: sum.active + item.active,
        subscribed: sum.subscribed + item.subscribed,
        unsubscribed: sum.unsubscribed + item.unsubscribed,
        bounced: sum.bounced + item.bounced,
        netGrowth: sum.netGrowth + item.netGrowth,
      });
    }
    for (const field of Object.keys(zero) as (keyof typeof zero)[]) totals[field] += answer.totals[field];
  }
  return { items: [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day)), totals };
}

function addAudience(answers: AudienceDay[][], range: { from: string; to: string }): AudienceDay[] {
  const byDay = new Map(daysOf(range).map((day) => [day, { day, opens: 0, clicks: 0, uniqueOpens: 0, uniqueClicks: 0 }]));
  for (const items of answers) {
    for (const item of items) {
      const sum = byDay.get(item.day) ?? { day: item.day, opens: 0, clicks: 0, uniqueOpens: 0, uniqueClicks: 0 };
      byDay.set(item.day, {
        day: item.day,
        opens: sum.opens + item.opens,
        clicks: sum.clicks + item.clicks,
        uniqueOpens: sum.uniqueOpens + item.uniqueOpens,
        uniqueClicks: sum.uniqueClicks + item.uniqueClicks,
      });
    }
  }
  return [...byDay.values()].sort((a, b) => a.day.localeCompare(b.day));
}

function totalsOf(letters: DashboardLetter[]): DashboardLetterCounts {
  const sum = (field: 'sent' | 'accepted' | 'delivered' | 'opens' | 'opensConfirmed' | 'clicks') => letters.reduce((total, letter) => total + letter[field], 0);
  const counts = { sent: sum('sent'), accepted: sum('accepted'), delivered: sum('delivered'), opens: sum('opens'), opensConfirmed: sum('opensConfirmed'), clicks: sum('clicks') };
  return { ...counts, ...dashboardRates(counts) };
}

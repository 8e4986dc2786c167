import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { ChannelDashboard, DashboardLetter, ReportSnapshot, SentEmailPage, UserActivityPage } from '../../../shared/contract/bridge-reports';
import { AppError } from '../../../shared/contract/errors';
import type { Activity, EditionMetrics } from '../../../shared/contract/platform-metrics';
import { LEGACY_CLICKS_BEFORE, type TopLinksResponse } from '../../../shared/contract/platform-reports';
import type { Channel } from '../../../shared/model/channel';
import { dashboardRange, inDashboardRange } from '../../../shared/rules/dashboard-period';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { ReportCache, ReportCacheKey } from '../store/report-cache';

// Edition reports and the channel dashboard (spec 1 §2, §7). Each card is asked of the
// platform on its own: a call that fails leaves its card empty (spec 1 §8, metrics errors
// show the empty state) without taking the others with it. Every answer is kept in the
// report cache, and when the platform cannot be reached the last one seen is answered,
// marked offline, with the time it was fetched.

type Log = (message: string, detail?: unknown) => void;

interface ReportDeps {
  session: SessionService;
  client: PlatformClient;
  store: LettersStore;
  cache: ReportCache;
  log: Log;
  now?: () => Date;
}

const OFFLINE_DOWNLOAD = 'Downloading a report needs a connection to the platform. Try again when you are online.';
const DASHBOARD_LETTERS_MAX = 1000;
/** Metrics calls in flight at once for the dashboard: enough to be quick, few enough to be kind to the platform. */
const DASHBOARD_CONCURRENCY = 4;

const isNetwork = (error: unknown) => error instanceof PlatformError && error.kind === 'network';

class Offline extends Error {}

export function reportHandlers(deps: ReportDeps): Pick<
  BridgeHandlers,
  'reports.get' | 'reports.userActivity' | 'reports.sentEmail' | 'reports.downloadCsv' | 'reports.channelDashboard'
> {
  const { session, client, store, cache, log } = deps;
  const now = deps.now ?? (() => new Date());

  function channelOf(brandSlug: string, channelSlug: string): Channel {
    const channel = session.findChannel(brandSlug, channelSlug);
    if (!channel) throw new AppError('not_found', 'This channel does not exist, or you are not a member of it.');
    return channel;
  }

  /**
   * One card's call: its answer, or null when the platform refused it (logged, shown as the
   * empty state). A network failure means the platform is out of reach: Offline.
   */
  async function card<T>(what: string, ask: () => Promise<T>): Promise<T | null> {
    try {
      return await ask();
    } catch (error) {
      if (isNetwork(error)) throw new Offline();
      if (error instanceof PlatformError) {
        log(`Report: ${what} failed`, error.message);
        return null;
      }
      throw error;
    }
  }

  /** Runs `fetch` when signed in; offline (or signed out) answers from the cache instead. */
  async function freshOrCached<T extends { fetchedAt: string | null; offline: boolean }>(
    key: ReportCacheKey,
    fetch: () => Promise<Omit<T, 'fetchedAt' | 'offline'>>,
    nothing: Omit<T, 'fetchedAt' | 'offline'>,
  ): Promise<T> {
    try {
      if (await session.ensureSignedIn()) {
        const value = await fetch();
        const fetchedAt = now().toISOString();
        await cache.put(key, value, fetchedAt);
        return { ...value, fetchedAt, offline: false } as T;
      }
    } catch (error) {
      if (!(error instanceof Offline) && !isNetwork(error)) throw error;
    }
    const cached = await cache.get<Omit<T, 'fetchedAt' | 'offline'>>(key);
    return { ...(cached?.value ?? nothing), fetchedAt: cached?.fetchedAt ?? null, offline: true } as T;
  }

  async function metricsOf(channel: Channel, letterId: number, activity: Activity = 'people'): Promise<EditionMetrics | null> {
    return card('metrics', async () => (await client.letterMetrics(channel.id, letterId, activity)).items[0] ?? null);
  }

  return {
    async 'reports.get'({ brandSlug, channelSlug, id, activity }) {
      const channel = channelOf(brandSlug, channelSlug);
      // People's figures keep the part they always had; every click's is a part of its own.
      const key = { brandSlug, channelSlug, letterId: id, part: activity === 'all' ? 'report:all' : 'report' };
      const report = await freshOrCached<ReportSnapshot>(
        key,
        async () => {
          const letter = await store.getByRouteId(brandSlug, channelSlug, String(id));
          // Spec 1 §7: letters published before the cut-off keep their clicks in the legacy shape.
          const legacy = letter?.publicationDate != null && letter.publicationDate.slice(0, 10) < LEGACY_CLICKS_BEFORE;
          const [metrics, topLinks, head, hourPerformance, opensByCountry] = await Promise.all([
            metricsOf(channel, id, activity),
            card<TopLinksResponse>('top links', async () =>
              legacy
                ? client.reportTopLinks(brandSlug, channelSlug, id, activity)
                : { legacy: false, items: (await client.letterMetricsClicks(channel.id, id, activity)).items },
            ),
            card('report', async () => (await client.report(brandSlug, channelSlug, id, activity)).items[0] ?? null),
            card('hour performance', async () => (await client.reportHourPerformance(brandSlug, channelSlug, id, activity)).items),
            card('opens by country', async () => (await client.reportOpensByCountry(brandSlug, channelSlug, id)).items),
          ]);
          return { metrics, topLinks, head, hourPerformance, opensByCountry };
        },
        { metrics: null, topLinks: null, head: null, hourPerformance: null, opensByCountry: null },
      );
      // The dashboard reads a letter's counts (people's) from here too when it is offline.
      if (activity === 'people' && !report.offline && report.metrics && report.fetchedAt) {
        await cache.put({ ...key, part: 'metrics' }, report.metrics, report.fetchedAt);
      }
      return report;
    },

    async 'reports.userActivity'({ brandSlug, channelSlug, id, page, pageSize, filter, search }) {
      channelOf(brandSlug, channelSlug);
      const query = { page, pageSize, filter, search };
      return freshOrCached<UserActivityPage>(
        { brandSlug, channelSlug, letterId: id, part: `activity:${JSON.stringify(query)}` },
        async () => ({ activity: await card('user activity', () => client.reportUserActivity(brandSlug, channelSlug, id, query)) }),
        { activity: null },
      );
    },

    async 'reports.sentEmail'({ brandSlug, channelSlug, id }) {
      channelOf(brandSlug, channelSlug);
      return freshOrCached<SentEmailPage>(
        { brandSlug, channelSlug, letterId: id, part: 'sent-email' },
        async () => ({ emails: await card('sent email', async () => (await client.reportSentEmail(brandSlug, channelSlug, id)).items) }),
        { emails: null },
      );
    },

    async 'reports.downloadCsv'({ brandSlug, channelSlug, id, type, from, to, filter, search }) {
      channelOf(brandSlug, channelSlug);
      try {
        if (!(await session.ensureSignedIn())) throw new AppError('offline', OFFLINE_DOWNLOAD);
        const content =
          type === 'user-activity'
            ? await client.reportUserActivityCsv(brandSlug, channelSlug, id, { filter, search })
            : await client.reportCsv(brandSlug, channelSlug, id, type, { from, to });
        const period = [from, to].filter(Boolean).join('-to-');
        return { fileName: `${channelSlug}-${id}-${type}${period ? `-${period}` : ''}.csv`, content };
      } catch (error) {
        if (isNetwork(error)) throw new AppError('offline', OFFLINE_DOWNLOAD);
        if (error instanceof PlatformError) throw new AppError('platform_error', error.message);
        throw error;
      }
    },

    async 'reports.channelDashboard'({ brandSlug, channelSlug, days }) {
      const channel = channelOf(brandSlug, channelSlug);
      const range = dashboardRange(days, channel.timezone.tzCode || 'UTC', now());
      const listed = await store.list({ brandSlug, channelSlug, status: 'published', sort: 'publicationDate', direction: 'asc', limit: DASHBOARD_LETTERS_MAX });
      const sent = listed.filter((letter) => letter.id !== null && inDashboardRange(letter.publicationDate, range));
      let online = await session.ensureSignedIn().catch(() => false);
      let oldest: string | null = null;
      const letters: DashboardLetter[] = [];
      for (let start = 0; start < sent.length; start += DASHBOARD_CONCURRENCY) {
        const batch = sent.slice(start, start + DASHBOARD_CONCURRENCY);
        letters.push(
          ...(await Promise.all(
            batch.map(async (summary): Promise<DashboardLetter> => {
              const letterId = summary.id!;
              const key = { brandSlug, channelSlug, letterId, part: 'metrics' };
              let metrics: EditionMetrics | null = null;
              if (online) {
                try {
                  metrics = await metricsOf(channel, letterId);
                  if (metrics) await cache.put(key, metrics, now().toISOString());
                } catch (error) {
                  if (!(error instanceof Offline)) throw error;
                  online = false;
                }
              }
              if (!online) {
                const cached = await cache.get<EditionMetrics>(key);
                metrics = cached?.value ?? null;
                if (cached && (oldest === null || cached.fetchedAt < oldest)) oldest = cached.fetchedAt;
              }
              const letter = await store.getByUniqueId(summary.uniqueId);
              return {
                id: letterId,
                uniqueId: summary.uniqueId,
                title: summary.title,
                publicationDate: summary.publicationDate,
                publicationStatus: summary.publicationStatus,
                esp: letter?.esp ?? channel.esp,
                metrics,
              };
            }),
          )),
        );
      }
      const dashboard: ChannelDashboard = { letters, fetchedAt: online ? now().toISOString() : oldest, offline: !online };
      return dashboard;
    },
  };
}

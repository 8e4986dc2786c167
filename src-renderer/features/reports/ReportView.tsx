import { Button, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { Activity } from '../../../shared/contract/platform-metrics';
import type { ReportCsvType, UserActivityFilter } from '../../../shared/contract/platform-reports';
import type { Letter } from '../../../shared/model/letter';
import { effectiveDesktopWidth } from '../../../shared/model/letter-settings';
import { effectiveAbTestSettings } from '../../../shared/rules/ab-test';
import { SENDING_STATUSES } from '../../../shared/rules/schedule-actions';
import { ActivityControl } from '../../ui/ActivityControl';
import { FreshnessNote } from '../../ui/FreshnessNote';
import { saveTextFile } from '../../ui/save-text-file';
import { AbTestCard } from './AbTestCard';
import { CountryOpensCard } from './CountryOpensCard';
import { CsvDownloadsCard } from './CsvDownloadsCard';
import { HourPerformanceCard } from './HourPerformanceCard';
import { REPORT_PLUGINS } from '../../app/report-plugins';
import { MetricsCard } from './MetricsCard';
import { useDownloadReportCsvMutation, useGetReportQuery, useGetSentEmailQuery } from './reports-api';
import { SentEmailCard } from './SentEmailCard';
import { TopLinksCard } from './TopLinksCard';
import { UserActivityCard } from './UserActivityCard';

/** While a letter is on its way out its numbers move: the report asks again this often. */
const SENDING_REFRESH_MS = 30_000;

export interface ReportViewProps {
  /** A sent or sending letter (it has its platform id). */
  letter: Letter & { id: number };
  /** The channel's clock, for the hours and dates. */
  zone: string;
  /** The letter drawn again, shown in the preview card when the platform kept no send of it. */
  preview: ReactNode;
}

/**
 * The edition metrics page (spec 1 §2): the metrics card, the letter preview, top clicked
 * links, the A/B test, hour performance, opens by country, user activity and the CSV
 * downloads. Each card shows the empty state when its figures could not be had (spec 1 §8).
 * The click figures count people unless 'All activity' is picked (machines' clicks too).
 */
export function ReportView({ letter, zone, preview }: ReportViewProps) {
  const ref = { brandSlug: letter.brandSlug, channelSlug: letter.channelSlug, id: letter.id };
  const sending = SENDING_STATUSES.includes(letter.publicationStatus);
  const [activity, setActivity] = useState<Activity>('people');
  const { data, isLoading, isFetching, isError, refetch } = useGetReportQuery({ ...ref, activity }, {
    pollingInterval: sending ? SENDING_REFRESH_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  // The email the send used: kept by the platform once the send has begun.
  const { data: sent, isLoading: sentLoading } = useGetSentEmailQuery(ref, { pollingInterval: sending ? SENDING_REFRESH_MS : 0, refetchOnMountOrArgChange: true });
  const [downloadCsv] = useDownloadReportCsvMutation();
  const report = isError ? null : (data ?? null);
  const head = report?.head ?? null;
  const clock = head?.letter.timezone || zone;

  const download = async (
    type: ReportCsvType | 'user-activity',
    from?: string,
    to?: string,
    activity?: { filter: UserActivityFilter; search: string },
  ): Promise<string | null> => {
    const result = await downloadCsv({ ...ref, type, from, to, ...activity });
    if (result.error) return 'message' in result.error ? String(result.error.message) : 'The download failed.';
    saveTextFile(result.data.fileName, result.data.content);
    return null;
  };

  if (isLoading) return <Loader aria-label="Loading the report" m="xl" />;
  return (
    <Stack gap="md" component="article" aria-label="Edition metrics">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={2} size="h3">
            Edition metrics
          </Title>
          {report && <FreshnessNote fetchedAt={report.fetchedAt} offline={report.offline} />}
        </Group>
        <Group gap="sm">
          <ActivityControl value={activity} onChange={setActivity} />
          <Button variant="subtle" size="xs" loading={isFetching} onClick={() => void refetch()}>
            Refresh
          </Button>
        </Group>
      </Group>
      <MetricsCard metrics={report?.metrics ?? null} esp={head?.letter.esp ?? letter.esp} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <SentEmailCard
          emails={sent?.emails ?? null}
          title={letter.title}
          publicUrl={head?.letter.publicUrl ?? null}
          width={effectiveDesktopWidth(letter.settings)}
          fallback={preview}
          loading={sentLoading}
        />
        <Stack gap="md">
          <TopLinksCard topLinks={report?.topLinks ?? null} />
          {letter.hasAbTest && (
            <AbTestCard
              subjectA={letter.title}
              subjectB={letter.subjectB}
              results={head?.abTestMetrics ?? letter.abTestMetrics}
              inProgress={sending}
              settings={effectiveAbTestSettings(letter.settings)}
            />
          )}
          <CountryOpensCard items={report?.opensByCountry ?? null} />
        </Stack>
      </SimpleGrid>
      <HourPerformanceCard rows={report?.hourPerformance ?? null} zone={clock} />
      <UserActivityCard letter={ref} zone={clock} onDownload={(filter, search) => download('user-activity', undefined, undefined, { filter, search })} />
      <REPORT_PLUGINS.PollResultsCard letter={{ brandSlug: letter.brandSlug, channelSlug: letter.channelSlug, letterUniqueId: letter.uniqueId }} />
      <CsvDownloadsCard onDownload={download} />
    </Stack>
  );
}

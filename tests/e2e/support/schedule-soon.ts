import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { SaveOnSchedulingRequest } from '../../../shared/contract/platform-letters';
import type { Letter } from '../../../shared/model/letter';
import { PublicationStatus } from '../../../shared/model/publication';
import type { PlatformClient } from '../../../src-main/core/platform/platform-client';

dayjs.extend(utc);
dayjs.extend(timezone);

type Scheduling = { secondsAhead: number; zone: string; title: string; subtitle: string; pollIds?: number[] } & Partial<SaveOnSchedulingRequest>;

/**
 * Schedules `letter` to go out a few seconds from now through the platform API, as the
 * schedule step does (finalize, then save on scheduling), for tests about the send rather
 * than the step (schedule.e2e and audience.e2e cover the step). The subject and the social
 * card headline are `title` unless `fields` say otherwise; everything else is the plain
 * choice (all active subscribers, no A/B test). Answers the wall-clock time it chose.
 */
export async function scheduleSoon(
  client: Pick<PlatformClient, 'updateStatus' | 'saveOnScheduling'>,
  letter: Pick<Letter, 'id' | 'channelId' | 'uniqueId' | 'emailTemplate'>,
  { secondsAhead, zone, pollIds = [], ...fields }: Scheduling,
): Promise<string> {
  const publicationDate = dayjs().tz(zone).add(secondsAhead, 'second').format('YYYY-MM-DD HH:mm:ss');
  await client.updateStatus(letter.channelId!, letter.id!, {
    publicationStatus: PublicationStatus.schedule,
    currentStatus: PublicationStatus.draft,
    uniqueId: letter.uniqueId,
    pollIds,
  });
  await client.saveOnScheduling(letter.channelId!, letter.id!, {
    claimant: null,
    emailTemplate: letter.emailTemplate,
    hasAbTest: false,
    openGraphHeadline: fields.title,
    openGraphDescription: '',
    openGraphImageUrl: '',
    publicationDate,
    publicationStatus: PublicationStatus.scheduled,
    publicationDateTzCode: zone,
    segmentId: 0,
    subjectB: '',
    uniqueId: letter.uniqueId,
    updatePreviewText: false,
    ...fields,
  });
  return publicationDate;
}

import { Alert } from '@mantine/core';
import type { Letter } from '../../../shared/model/letter';
import { PublicationStatus } from '../../../shared/model/publication';
import { approvedAfterSchedulingNotice } from '../../../shared/rules/promotions';
import { useGetApprovedSinceScheduledQuery } from './promotions-api';

/**
 * On a scheduled letter: how many promotions were approved for its send day, in its
 * promotion slots, after it was scheduled. They are not added to it (the ads were chosen at
 * the schedule step); 'Pause and edit' shows them in the PROMOTIONS panel, unticked.
 * Nothing is shown when there are none, or when the platform cannot be asked.
 */
export function ApprovedSinceScheduledNotice({ letter }: { letter: Letter }) {
  const scheduled = letter.publicationStatus === PublicationStatus.scheduled && letter.id !== null;
  const { data } = useGetApprovedSinceScheduledQuery(
    { brandSlug: letter.brandSlug, channelSlug: letter.channelSlug, letterId: letter.id ?? 0 },
    { skip: !scheduled, refetchOnMountOrArgChange: true },
  );
  if (!scheduled || !data || data.date === null || data.items.length === 0) return null;
  return (
    <Alert color="yellow" variant="light" role="status" aria-label="Promotions approved after scheduling">
      {approvedAfterSchedulingNotice(data.items.length, data.date)}
    </Alert>
  );
}

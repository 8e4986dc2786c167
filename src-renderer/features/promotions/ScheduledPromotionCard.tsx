import { Anchor, Image, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import type { Letter } from '../../../shared/model/letter';
import { api } from '../../app/api';
import { useGetScheduledPromotionsQuery } from './promotions-api';

// The canvas shows the promotion a zone (or a legacy block's ad type) will carry on the
// letter's send day, the way the send picks it (oldest approved first); without a send day,
// a platform or such a promotion, the block's placeholder stays.

type Slot = { zone: number; adTypeId?: never } | { adTypeId: number; zone?: never };

export function ScheduledPromotionCard({ letter, slot, fallback }: { letter: Pick<Letter, 'brandSlug' | 'channelSlug' | 'publicationDate'>; slot: Slot; fallback: ReactNode }) {
  // Component tests render the canvas in stores without the api: the placeholder then.
  const hasApi = useSelector((state: object) => api.reducerPath in state);
  const day = letter.publicationDate?.slice(0, 10) ?? null;
  if (!hasApi || day === null) return <>{fallback}</>;
  return <DayPromotion brandSlug={letter.brandSlug} channelSlug={letter.channelSlug} day={day} slot={slot} fallback={fallback} />;
}

function DayPromotion({ brandSlug, channelSlug, day, slot, fallback }: { brandSlug: string; channelSlug: string; day: string; slot: Slot; fallback: ReactNode }) {
  const { data } = useGetScheduledPromotionsQuery({ brandSlug, channelSlug, date: day });
  const promotion = data?.items.find((p) => (slot.zone !== undefined ? p.zone === slot.zone : p.adTypeId === slot.adTypeId));
  if (!promotion) return <>{fallback}</>;
  return (
    <Stack gap={4} p="sm" aria-label="Scheduled promotion" style={{ border: '1px dashed #adb5bd', borderRadius: 4 }}>
      {promotion.image && <Image src={promotion.image} alt={promotion.imageAlternativeText} w={120} />}
      <Text fw={700}>{promotion.headline}</Text>
      {promotion.content && <Text size="sm">{promotion.content}</Text>}
      {promotion.callToAction && (
        <Anchor size="sm" href={promotion.callToActionUrl} target="_blank" rel="noreferrer" onClick={(e) => e.preventDefault()}>
          {promotion.callToAction}
        </Anchor>
      )}
    </Stack>
  );
}

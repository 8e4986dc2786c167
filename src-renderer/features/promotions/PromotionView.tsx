import type { SectionOf } from '../../../shared/model';
import type { BlockViewProps } from '../../block-kit/block-kind';
import { Placeholder } from '../../block-kit/Placeholder';
import { ScheduledPromotionCard } from './ScheduledPromotionCard';

// The promotion blocks on the canvas: the promotion the send day carries once it is known,
// else the spec's placeholders (the preview shows the email's own drawing).

const PROMOTION_PREVIEW_TEXT = 'See actual promotion in preview mode.';
// Spec 2 §4 names a select-zone text for the zone block without giving its words.
const SELECT_ZONE_TEXT = 'Please select a zone.';

export function PromotionView({ section, letter }: Pick<BlockViewProps<SectionOf<'promotion' | 'newpromotion'>>, 'section' | 'letter'>) {
  if (section.type === 'newpromotion') {
    const zone = section.blockModel.zone;
    if (zone === 0) return <Placeholder>{SELECT_ZONE_TEXT}</Placeholder>;
    return <ScheduledPromotionCard letter={letter} slot={{ zone }} fallback={<Placeholder>{PROMOTION_PREVIEW_TEXT}</Placeholder>} />;
  }
  const { adTypeId, title } = section.blockModel;
  const placeholder = <Placeholder>{title.trim() !== '' ? PROMOTION_PREVIEW_TEXT : 'Please select a promotion type.'}</Placeholder>;
  if (adTypeId === null) return placeholder;
  return <ScheduledPromotionCard letter={letter} slot={{ adTypeId }} fallback={placeholder} />;
}

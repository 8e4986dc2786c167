import { IconSpeakerphone } from '@tabler/icons-react';
import type { BlockKind } from '../../block-kit/block-kind';
import { PromotionTypePanel } from './PromotionTypePanel';
import { PromotionView } from './PromotionView';
import { PromotionZonePanel } from './PromotionZonePanel';

/** Spec 1 §4 and spec 2 §1: the Promotion item's tooltip once every zone holds a promotion. */
export const ALL_PROMOTIONS_ADDED = 'all promotions added';

/** A promotion zone: one per zone the send date offers (`useKnownZones` gives the limit). */
export const promotionZoneKind: BlockKind<'newpromotion'> = {
  type: 'newpromotion',
  palette: [{ name: 'Promotion', group: 'DYNAMIC CONTENT', description: 'The promotion booked for the send date in one zone.', icon: IconSpeakerphone }],
  limitReached: ALL_PROMOTIONS_ADDED,
  View: PromotionView,
  Panel: PromotionZonePanel,
};

/** The older promotion block, chosen by ad type; letters made before zones still hold it. */
export const promotionTypeKind: BlockKind<'promotion'> = {
  type: 'promotion',
  View: PromotionView,
  Panel: PromotionTypePanel,
};

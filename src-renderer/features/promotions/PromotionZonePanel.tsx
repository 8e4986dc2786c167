import { Select, Stack, Text } from '@mantine/core';
import { useSelector } from 'react-redux';
import type { SectionOf } from '../../../shared/model';
import { PROMOTION_ZONE_NONE } from '../../../shared/model';
import { zoneChoices } from '../../../shared/rules/promotions';
import type { RootState } from '../../app/store';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';
import { BlockDisclaimerField } from './BlockDisclaimerField';
import { useAvailableZones } from './use-available-zones';

/** Zones the letter's other zone blocks hold, so each zone serves one block only (spec 1 §4). */
function useZonesOfOtherBlocks(sectionId: string): number[] {
  return useSelector(
    (state: RootState) =>
      state.composer.present
        .filter((s) => s.type === 'newpromotion' && s.uniqueId !== sectionId)
        .map((s) => (s as SectionOf<'newpromotion'>).blockModel.zone)
        .join(','),
  )
    .split(',')
    .filter(Boolean)
    .map(Number);
}

/** The zone promotion block: its zone (required; one block per zone) and its disclaimer. */
export function PromotionZonePanel({ section, edit }: PanelProps<SectionOf<'newpromotion'>>) {
  const { brandSlug, readOnly } = usePanelContext();
  const model = section.blockModel;
  const zones = useAvailableZones(brandSlug);
  const others = useZonesOfOtherBlocks(section.uniqueId);
  const choices = zoneChoices(zones, others, model.zone);
  return (
    <Stack gap="sm">
      <Select
        label="Zone"
        required
        placeholder="Select a zone"
        disabled={readOnly}
        value={model.zone === PROMOTION_ZONE_NONE ? null : String(model.zone)}
        data={choices.map((zone) => ({ value: String(zone), label: `Zone ${zone}` }))}
        error={model.zone === PROMOTION_ZONE_NONE ? 'Select a zone.' : undefined}
        onChange={(value) => setModel(edit, 'newpromotion', 'zone', { zone: value ? Number(value) : PROMOTION_ZONE_NONE, title: value ? `Zone ${value}` : '' })}
      />
      {choices.length === 0 && <Text size="sm">Every zone already has a promotion block in this letter.</Text>}
      <BlockDisclaimerField
        display={model.displayDisclaimer}
        value={model.disclaimer}
        disabled={readOnly}
        onDisplay={(displayDisclaimer) => setModel(edit, 'newpromotion', 'displayDisclaimer', { displayDisclaimer })}
        onCommit={(disclaimer) => setModel(edit, 'newpromotion', 'disclaimer', { disclaimer })}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

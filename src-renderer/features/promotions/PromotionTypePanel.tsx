import { Select, Stack } from '@mantine/core';
import type { SectionOf } from '../../../shared/model';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';
import { BlockDisclaimerField } from './BlockDisclaimerField';
import { useGetAdTypesQuery } from './promotions-api';

/** The legacy promotion block: its promotion type (ad type; required) and its disclaimer. */
export function PromotionTypePanel({ section, edit }: PanelProps<SectionOf<'promotion'>>) {
  const { brandSlug, readOnly } = usePanelContext();
  const model = section.blockModel;
  const { data } = useGetAdTypesQuery({ brandSlug }, { skip: !brandSlug });
  const adTypes = data?.items ?? [];
  return (
    <Stack gap="sm">
      <Select
        label="Promotion type"
        required
        placeholder="Please select a promotion type."
        disabled={readOnly}
        value={model.adTypeId === null ? null : String(model.adTypeId)}
        data={adTypes.map((a) => ({ value: String(a.id), label: a.title }))}
        error={model.adTypeId === null ? 'Select a promotion type.' : undefined}
        onChange={(value) => {
          const chosen = adTypes.find((a) => String(a.id) === value);
          setModel(edit, 'promotion', 'adTypeId', { adTypeId: chosen?.id ?? null, title: chosen?.title ?? '', name: chosen?.title ?? '' });
        }}
      />
      <BlockDisclaimerField
        display={model.displayDisclaimer}
        value={model.disclaimer}
        disabled={readOnly}
        onDisplay={(displayDisclaimer) => setModel(edit, 'promotion', 'displayDisclaimer', { displayDisclaimer })}
        onCommit={(disclaimer) => setModel(edit, 'promotion', 'disclaimer', { disclaimer })}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

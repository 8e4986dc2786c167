import { Stack } from '@mantine/core';
import type { SectionOf } from '../../../shared/model';
import { checkPlacementId, checkWidgetId } from '../../../shared/rules/ad-widgets';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { RuleField } from '../../block-kit/fields/RuleField';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

/** RevContent's widget: its Widget ID and Placement ID (spec 2 §5 "Ad widgets"). */
export function RevContentPanel({ section, edit }: PanelProps<SectionOf<'revContent'>>) {
  const { readOnly } = usePanelContext();
  const model = section.blockModel;
  return (
    <Stack gap="sm">
      <RuleField label="Widget ID" value={model.widgetId} check={checkWidgetId} disabled={readOnly} onValid={(widgetId) => setModel(edit, 'revContent', 'widgetId', { widgetId })} />
      <RuleField
        label="Placement ID"
        value={model.placementId}
        check={checkPlacementId}
        disabled={readOnly}
        onValid={(placementId) => setModel(edit, 'revContent', 'placementId', { placementId })}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import type { SectionOf } from '../../../shared/model';
import { DIVIDER_DEBOUNCE_MS, checkDividerThickness } from '../../../shared/rules/divider-settings';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ChoiceField, LINE_STYLE_CHOICES } from '../../block-kit/fields/ChoiceField';
import { ColorField } from '../../block-kit/fields/ColorField';
import { RuleField } from '../../block-kit/fields/RuleField';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

/** The divider's colour, line style and thickness (0–50, applied 400 ms after typing stops). */
export function DividerPanel({ section, edit }: PanelProps<SectionOf<'divider'>>) {
  const { channel, readOnly } = usePanelContext();
  const model = section.blockModel;
  return (
    <Stack gap="sm">
      <ColorField
        label="Color"
        value={model.color}
        accentColor={channel?.accentColor}
        disabled={readOnly}
        onValid={(color) => setModel(edit, 'divider', 'color', { color })}
      />
      <ChoiceField label="Style" value={model.style} choices={LINE_STYLE_CHOICES} disabled={readOnly} onChange={(style) => setModel(edit, 'divider', 'style', { style })} />
      <RuleField
        label="Thickness"
        numeric
        value={model.width}
        check={checkDividerThickness}
        debounceMs={DIVIDER_DEBOUNCE_MS}
        disabled={readOnly}
        onValid={(width) => setModel(edit, 'divider', 'width', { width })}
      />
      <CommonSettings section={section} edit={edit} />
    </Stack>
  );
}

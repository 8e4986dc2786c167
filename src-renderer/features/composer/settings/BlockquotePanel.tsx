import { Stack } from '@mantine/core';
import type { SectionOf } from '../../../../shared/model';
import { CommonSettings } from './CommonSettings';
import { ColorField } from './fields/ColorField';
import { usePanelContext } from './panel-context';
import { setModel, type PanelProps } from './section-edit';

/** A blockquote: the colour of its quote rule, then the common settings without BORDER. */
export function BlockquotePanel({ section, edit }: PanelProps<SectionOf<'blockquote'>>) {
  const { channel, readOnly } = usePanelContext();
  return (
    <Stack gap="sm">
      <ColorField
        label="Border color"
        value={section.blockModel.borderColor}
        accentColor={channel?.accentColor}
        disabled={readOnly}
        onValid={(borderColor) => setModel(edit, 'blockquote', 'borderColor', { borderColor })}
      />
      <CommonSettings section={section} edit={edit} font={{}} />
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import type { SectionOf } from '../../../shared/model';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ColorField } from '../../block-kit/fields/ColorField';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

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

import type { SectionOf } from '../../../shared/model';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

/** A paragraph: the common settings, its alignment with the font. */
export function ParagraphPanel({ section, edit }: PanelProps<SectionOf<'paragraph'>>) {
  return (
    <CommonSettings
      section={section}
      edit={edit}
      font={{ alignment: { value: section.blockModel.align, onChange: (align) => setModel(edit, 'paragraph', 'align', { align }) } }}
    />
  );
}

import { Select, Stack } from '@mantine/core';
import type { HeadingType, LetterSettings, Section, SectionOf } from '../../../shared/model';
import { HEADING_TYPES } from '../../../shared/model';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';

// The heading selector (spec 2 §4): a new level brings that level's font, fallback, size,
// colour, line height and alignment from the letter's text styles.

export function withHeadingType(section: SectionOf<'heading'>, headingType: HeadingType, settings: LetterSettings): SectionOf<'heading'> {
  const style = settings.text[headingType];
  return {
    ...section,
    defaultFont: style.font,
    fontFallback: style.fontFallback,
    fontSize: style.fontSize,
    lineHeight: style.lineHeight,
    textColor: style.color,
    blockModel: { ...section.blockModel, headingType, align: style.alignment },
  };
}

export function HeadingPanel({ section, edit }: PanelProps<SectionOf<'heading'>>) {
  const { settings, readOnly } = usePanelContext();
  return (
    <Stack gap="sm">
      <Select
        label="Heading type"
        allowDeselect={false}
        disabled={readOnly}
        data={HEADING_TYPES.map((type) => ({ value: type, label: type.toUpperCase() }))}
        value={section.blockModel.headingType}
        onChange={(type) =>
          type &&
          edit('headingType', (current: Section) =>
            current.type === 'heading' && current.blockModel.headingType !== type ? withHeadingType(current, type as HeadingType, settings) : current,
          )
        }
      />
      <CommonSettings
        section={section}
        edit={edit}
        font={{ alignment: { value: section.blockModel.align, onChange: (align) => setModel(edit, 'heading', 'align', { align }) } }}
      />
    </Stack>
  );
}

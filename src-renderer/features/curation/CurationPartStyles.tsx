import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { CurationModel, TextStyle, TextStyleWithOptionalColor } from '../../../shared/model';
import { FALLBACK_FONTS } from '../../../shared/model';
import { PRIMARY_FONTS } from '../../../shared/model/fonts';
import { checkFontSize, checkLineHeight } from '../../../shared/rules/text-settings';
import { ALIGNMENT_CHOICES, ChoiceField } from '../../block-kit/fields/ChoiceField';
import { ColorField } from '../../block-kit/fields/ColorField';
import { RuleField } from '../../block-kit/fields/RuleField';

// The per-part text settings of a Curations block (spec 2 §3: titleSettings, excerptSettings,
// publicationDateSettings, siteNameSettings, authorSettings — each font, fallback font, colour,
// size, alignment and line height). One part is edited at a time. The source has no colour
// of its own here: it is drawn in the block's accent colour.

type PartKey = 'titleSettings' | 'excerptSettings' | 'authorSettings' | 'publicationDateSettings' | 'siteNameSettings';

export const CURATION_TEXT_PARTS: readonly { key: PartKey; label: string }[] = [
  { key: 'titleSettings', label: 'Title' },
  { key: 'excerptSettings', label: 'Excerpt' },
  { key: 'authorSettings', label: 'Author' },
  { key: 'publicationDateSettings', label: 'Date' },
  { key: 'siteNameSettings', label: 'Source' },
];

function choicesWith(list: readonly string[], current: string): string[] {
  return list.includes(current) ? [...list] : [current, ...list];
}

export interface CurationPartStylesProps {
  model: CurationModel;
  accentColor: string | null;
  disabled: boolean;
  onChange: (key: PartKey, style: TextStyle | TextStyleWithOptionalColor) => void;
}

export function CurationPartStyles({ model, accentColor, disabled, onChange }: CurationPartStylesProps) {
  const [part, setPart] = useState<PartKey>('titleSettings');
  const style = model[part];
  const label = CURATION_TEXT_PARTS.find((p) => p.key === part)!.label;
  const set = (fields: Partial<TextStyle>) => onChange(part, { ...style, ...fields });
  return (
    <Stack gap="xs" role="group" aria-label="Text of each part">
      <Text size="sm" fw={500}>
        Text
      </Text>
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label="Part"
        disabled={disabled}
        value={part}
        onChange={(value) => setPart(value as PartKey)}
        data={CURATION_TEXT_PARTS.map((p) => ({ value: p.key, label: p.label }))}
      />
      <Select
        label={`${label} font`}
        searchable
        allowDeselect={false}
        disabled={disabled}
        data={choicesWith(PRIMARY_FONTS, style.font)}
        value={style.font}
        onChange={(font) => font && set({ font })}
      />
      <Select
        label={`${label} fallback font`}
        allowDeselect={false}
        disabled={disabled}
        data={choicesWith(FALLBACK_FONTS, style.fontFallback)}
        value={style.fontFallback}
        onChange={(fontFallback) => fontFallback && set({ fontFallback })}
      />
      <RuleField key={`${part}-size`} label={`${label} font size`} numeric disabled={disabled} value={style.fontSize} check={checkFontSize} onValid={(fontSize) => set({ fontSize })} />
      <RuleField
        key={`${part}-height`}
        label={`${label} line height`}
        numeric
        disabled={disabled}
        value={style.lineHeight}
        check={checkLineHeight}
        onValid={(lineHeight) => set({ lineHeight })}
      />
      <ChoiceField label={`${label} alignment`} value={style.alignment} choices={ALIGNMENT_CHOICES} disabled={disabled} onChange={(alignment) => set({ alignment })} />
      {part !== 'siteNameSettings' && style.color !== undefined && (
        <ColorField key={`${part}-color`} label={`${label} color`} value={style.color} accentColor={accentColor} disabled={disabled} onValid={(color) => set({ color })} />
      )}
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { ALIGNMENTS, type TextStyle } from '../../../shared/model';
import { checkFontSize, checkLineHeight } from '../../../shared/rules/letter-styles';
import { AlignmentField } from './AlignmentField';
import { ColorStyleField } from './ColorStyleField';
import { FontSelect } from './FontSelect';
import { NumberStyleField } from './NumberStyleField';

type EditableTextStyle = Omit<TextStyle, 'color'> & { color?: string };

/**
 * The font settings panel (spec 2 §2): primary font, fallback font, font size, font colour
 * (left out for styles without one), alignment, line height. `onChange` gets the whole new
 * style and the key of the field that changed.
 */
export function TextStyleFields<T extends EditableTextStyle>({
  value,
  withColor = true,
  onChange,
}: {
  value: T;
  withColor?: boolean;
  onChange: (next: T, key: keyof TextStyle) => void;
}) {
  const set = <K extends keyof TextStyle>(key: K, next: TextStyle[K]) => onChange({ ...value, [key]: next }, key);
  return (
    <Stack gap="xs">
      <FontSelect label="Primary font" value={value.font} onChange={(font) => set('font', font)} />
      <FontSelect label="Fallback font" fallback value={value.fontFallback} onChange={(font) => set('fontFallback', font)} />
      <NumberStyleField label="Font size" value={value.fontSize} check={checkFontSize} decimalScale={2} onCommit={(size) => set('fontSize', size)} />
      {withColor && value.color !== undefined && <ColorStyleField label="Font color" value={value.color} onCommit={(color) => set('color', color)} />}
      <AlignmentField value={value.alignment} options={ALIGNMENTS} onChange={(alignment) => set('alignment', alignment)} />
      <NumberStyleField label="Line height" value={value.lineHeight} check={checkLineHeight} decimalScale={2} onCommit={(height) => set('lineHeight', height)} />
    </Stack>
  );
}

import { Select, Stack, Switch } from '@mantine/core';
import { corners, LINE_STYLES, type Border, type LineStyle } from '../../../shared/model';
import { checkBorderRadius, checkBorderSize, switchBorders } from '../../../shared/rules/letter-styles';
import { useStylesEnvironment } from '../styles-context';
import { ColorStyleField } from './ColorStyleField';
import { NumberStyleField } from './NumberStyleField';
import { SidesFields } from './SidesFields';

const STYLE_LABELS: Record<LineStyle, string> = { solid: 'Solid', dashed: 'Dashed', dotted: 'Dotted' };

/**
 * The border settings panel (spec 2 §2): apply-border switch, colour, size, radius, style.
 * The size and style show only while borders apply; one radius is written to every corner.
 */
export function BorderFields<T extends Border>({ value, onChange }: { value: T; onChange: (next: T, key: string) => void }) {
  const { disabled } = useStylesEnvironment();
  return (
    <Stack gap="xs">
      <Switch
        label="Apply borders"
        checked={value.applyBorders}
        disabled={disabled}
        onChange={(event) => onChange(switchBorders(value, event.currentTarget.checked), 'applyBorders')}
        size="xs"
      />
      {value.applyBorders && (
        <>
          <ColorStyleField label="Border color" value={value.color} onCommit={(color) => onChange({ ...value, color }, 'color')} />
          <SidesFields legend="Border size" value={value.thickness} check={checkBorderSize} onCommit={(thickness, side) => onChange({ ...value, thickness }, `thickness.${side}`)} />
          <Select
            label="Border style"
            value={value.style}
            data={LINE_STYLES.map((style) => ({ value: style, label: STYLE_LABELS[style] }))}
            allowDeselect={false}
            disabled={disabled}
            onChange={(style) => style && onChange({ ...value, style: style as LineStyle }, 'style')}
            size="xs"
          />
        </>
      )}
      <NumberStyleField
        label="Border radius"
        value={value.borderRadius.topLeft}
        check={checkBorderRadius}
        onCommit={(radius) => onChange({ ...value, borderRadius: corners(radius) }, 'borderRadius')}
      />
    </Stack>
  );
}

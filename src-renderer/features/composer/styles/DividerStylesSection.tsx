import { Select, Stack } from '@mantine/core';
import { LINE_STYLES, type DividerSettings, type LineStyle } from '../../../../shared/model';
import { DIVIDER_DEBOUNCE_MS, checkDividerThickness } from '../../../../shared/rules/divider-settings';
import { ColorStyleField } from '../../../block-kit/style-fields/ColorStyleField';
import { NumberStyleField } from '../../../block-kit/style-fields/NumberStyleField';
import { useStylesEnvironment } from '../../../block-kit/styles-context';
import { useLetterStyles } from '../../../block-kit/use-letter-styles';

/** Spec 2 §5: divider thickness is debounced 400 ms (the block panel's rule and pause). */
export const DIVIDER_THICKNESS_DEBOUNCE_MS = DIVIDER_DEBOUNCE_MS;

const STYLE_LABELS: Record<LineStyle, string> = { solid: 'Solid', dashed: 'Dashed', dotted: 'Dotted' };

/** DIVIDER: the letter's divider colour, style and thickness. */
export function DividerStylesSection() {
  const { settings, change } = useLetterStyles();
  const { disabled } = useStylesEnvironment();
  const set = <K extends keyof DividerSettings>(key: K, value: DividerSettings[K]) =>
    change((s) => ({ ...s, dividers: { ...s.dividers, [key]: value } }), `dividers.${key}`);
  return (
    <Stack gap="xs">
      <ColorStyleField label="Divider color" value={settings.dividers.color} onCommit={(color) => set('color', color)} />
      <Select
        label="Divider style"
        value={settings.dividers.style}
        data={LINE_STYLES.map((style) => ({ value: style, label: STYLE_LABELS[style] }))}
        allowDeselect={false}
        disabled={disabled}
        onChange={(style) => style && set('style', style as LineStyle)}
        size="xs"
      />
      <NumberStyleField
        label="Thickness"
        value={settings.dividers.thickness}
        check={checkDividerThickness}
        debounceMs={DIVIDER_THICKNESS_DEBOUNCE_MS}
        onCommit={(thickness) => set('thickness', thickness)}
      />
    </Stack>
  );
}

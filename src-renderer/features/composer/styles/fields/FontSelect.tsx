import { Select } from '@mantine/core';
import { FALLBACK_FONTS } from '../../../../../shared/model';
import { FONT_GROUPS, PRIMARY_FONTS } from '../../../../../shared/model/fonts';
import { useStylesEnvironment } from '../styles-context';

/**
 * The primary fonts in the picker's groups: 'Safe everywhere' (every reader has them) and
 * the web fonts, which only some mail clients load (others show the fallback); a stored
 * font missing from the list is still offered, so it shows.
 */
export function primaryFontChoices(value: string): ({ group: string; items: string[] } | string)[] {
  const groups = FONT_GROUPS.map((group) => ({ group: group.group, items: [...group.items] }));
  return PRIMARY_FONTS.some((font) => font.toLowerCase() === value.toLowerCase()) ? groups : [value, ...groups];
}

/** A font chooser over the shipped lists; a stored font missing from the list is still offered, so it shows. */
export function FontSelect({ label, value, fallback = false, onChange }: { label: string; value: string; fallback?: boolean; onChange: (font: string) => void }) {
  const { disabled } = useStylesEnvironment();
  const fonts: readonly string[] = fallback ? FALLBACK_FONTS : PRIMARY_FONTS;
  const listed = fonts.find((font) => font.toLowerCase() === value.toLowerCase());
  const data = fallback ? (listed ? [...fonts] : [value, ...fonts]) : primaryFontChoices(value);
  return (
    <Select
      label={label}
      value={listed ?? value}
      data={data}
      searchable
      allowDeselect={false}
      maxDropdownHeight={200}
      disabled={disabled}
      onChange={(font) => font && onChange(font)}
      renderOption={({ option }) => <span style={{ fontFamily: option.value }}>{option.label}</span>}
      comboboxProps={{ withinPortal: true }}
      size="xs"
    />
  );
}

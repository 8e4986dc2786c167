import { Select } from '@mantine/core';
import { FALLBACK_FONTS } from '../../../../../shared/model';
import { PRIMARY_FONTS } from '../../../../../shared/model/fonts';
import { useStylesEnvironment } from '../styles-context';

/** A font chooser over the shipped lists; a stored font missing from the list is still offered, so it shows. */
export function FontSelect({ label, value, fallback = false, onChange }: { label: string; value: string; fallback?: boolean; onChange: (font: string) => void }) {
  const { disabled } = useStylesEnvironment();
  const fonts: readonly string[] = fallback ? FALLBACK_FONTS : PRIMARY_FONTS;
  const data = fonts.some((font) => font.toLowerCase() === value.toLowerCase()) ? [...fonts] : [value, ...fonts];
  return (
    <Select
      label={label}
      value={data.find((font) => font.toLowerCase() === value.toLowerCase()) ?? value}
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

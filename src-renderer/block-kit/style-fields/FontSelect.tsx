import { Select, type ComboboxItem } from '@mantine/core';
import { FALLBACK_FONTS } from '../../../shared/model';
import { FONT_GROUPS, PRIMARY_FONTS, WEB_FONT_CLIENTS, isWebFont } from '../../../shared/model/fonts';
import { registerAllWebFonts } from '../../ui/fonts/web-fonts';
import { fontStack } from '../../../shared/render/css';
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

/** What the picker says under a web font: who sees it, and what everyone else sees. */
export function webFontNote(font: string): string | null {
  return isWebFont(font) ? `Web font: shown in ${WEB_FONT_CLIENTS}; other readers see the fallback font.` : null;
}

/** Each option's name drawn in its own font. */
export function renderFontOption({ option }: { option: ComboboxItem }) {
  return <span style={{ fontFamily: fontStack(option.value, '') }}>{option.label}</span>;
}

/** What a primary font picker adds to its Select: the web font note, and the web fonts declared when the list opens. */
export function primaryFontPickerProps(value: string) {
  return { description: webFontNote(value), onDropdownOpen: registerAllWebFonts, renderOption: renderFontOption };
}

/**
 * A font chooser over the shipped lists; a stored font missing from the list is still
 * offered, so it shows. Each name is drawn in its own font: the web fonts ship with the app
 * and are declared when the list opens, so the browser reads only the ones it draws.
 */
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
      renderOption={renderFontOption}
      {...(fallback ? {} : primaryFontPickerProps(value))}
      comboboxProps={{ withinPortal: true }}
      size="xs"
    />
  );
}

import { Select, Stack } from '@mantine/core';
import type { Alignment, Section } from '../../../shared/model';
import { FALLBACK_FONTS } from '../../../shared/model';
import { PRIMARY_FONTS } from '../../../shared/model/fonts';
import { primaryFontChoices, primaryFontPickerProps } from '../style-fields/FontSelect';
import { checkButtonFontSize } from '../../../shared/rules/button-settings';
import { checkFontSize, checkLineHeight } from '../../../shared/rules/text-settings';
import { ALIGNMENT_CHOICES, ChoiceField } from '../fields/ChoiceField';
import { ChannelColorToggle } from '../fields/ChannelColorToggle';
import { ColorField } from '../fields/ColorField';
import { RuleField } from '../fields/RuleField';
import type { SectionEdit } from '../section-edit';

// The FONT settings of a block (spec 2 §2 "Font settings panel"): primary and fallback font
// from the shipped lists, font size, the optional font colour with its 'Channel Font Color'
// checkbox, line height, and the block's alignment where it has one.

/** A font colour edited with the font (the button's label); blocks whose COLOR section has 'Text Color' leave it out. */
export interface FontColor {
  label: string;
  value: string;
  /** The 'Channel Font Color' checkbox is ticked: the colour follows the channel's font colour. */
  followsChannel: boolean;
  onColor: (color: string) => void;
  onChannel: (useChannel: boolean, color: string) => void;
  /** The channel's accent colour for the palette. */
  accentColor?: string | null;
}

export interface FontSettingsProps {
  section: Section;
  edit: SectionEdit;
  /** Buttons clamp their size to 8–72; text takes any size from 8. */
  fontSizeRule?: 'text' | 'button';
  alignment?: { value: Alignment; onChange: (value: Alignment) => void };
  disabled?: boolean;
  color?: FontColor;
}

/** The list with the stored font added when a stored letter uses one the list lacks. */
function choicesWith(list: readonly string[], current: string): string[] {
  return list.includes(current) ? [...list] : [current, ...list];
}

export function FontSettings({ section, edit, fontSizeRule = 'text', alignment, disabled, color }: FontSettingsProps) {
  const set = <K extends 'defaultFont' | 'fontFallback' | 'fontSize' | 'lineHeight'>(key: K, value: Section[K]) =>
    edit(key, (current) => (current[key] === value ? current : ({ ...current, [key]: value } as Section)));
  return (
    <Stack gap="xs">
      <Select
        label="Primary font"
        searchable
        allowDeselect={false}
        disabled={disabled}
        data={primaryFontChoices(section.defaultFont)}
        value={PRIMARY_FONTS.find((font) => font.toLowerCase() === section.defaultFont.toLowerCase()) ?? section.defaultFont}
        onChange={(font) => font && set('defaultFont', font)}
        {...primaryFontPickerProps(section.defaultFont)}
      />
      <Select
        label="Fallback font"
        allowDeselect={false}
        disabled={disabled}
        data={choicesWith(FALLBACK_FONTS, section.fontFallback)}
        value={section.fontFallback}
        onChange={(font) => font && set('fontFallback', font)}
      />
      <RuleField
        label="Font size"
        numeric
        disabled={disabled}
        value={section.fontSize}
        check={fontSizeRule === 'button' ? checkButtonFontSize : checkFontSize}
        onValid={(size) => set('fontSize', size)}
      />
      {color && (
        <>
          <ColorField label={color.label} value={color.value} accentColor={color.accentColor} disabled={disabled || color.followsChannel} onValid={color.onColor} />
          <ChannelColorToggle name="font" checked={color.followsChannel} value={color.value} disabled={disabled} onChange={color.onChannel} />
        </>
      )}
      <RuleField
        label="Line height"
        numeric
        disabled={disabled}
        value={section.lineHeight}
        check={checkLineHeight}
        onValid={(height) => set('lineHeight', height)}
      />
      {alignment && <ChoiceField label="Alignment" value={alignment.value} choices={ALIGNMENT_CHOICES} onChange={alignment.onChange} disabled={disabled} />}
    </Stack>
  );
}

import { Select, Stack } from '@mantine/core';
import type { Alignment, IconColorSet, SocialDisplay } from '../../../shared/model';
import { ICON_COLOR_SETS } from '../../../shared/model';
import { ALIGNMENT_CHOICES, ChoiceField } from '../../block-kit/fields/ChoiceField';

// How social profile and share links look: icons or text, the icons' colour set, alignment.

const DISPLAY_CHOICES = [
  { value: '0', label: 'Icons' },
  { value: '1', label: 'Text' },
] as const;

export const ICON_COLOR_LABELS: Record<IconColorSet, string> = {
  origin: 'Original colours',
  black: 'Black',
  dark_gray: 'Dark gray',
  light_gray: 'Light gray',
  white: 'White',
};

export interface SocialLook {
  display: SocialDisplay;
  color: IconColorSet;
  align: Alignment;
}

export function SocialLookFields({ look, onChange, disabled }: { look: SocialLook; onChange: (field: keyof SocialLook, look: Partial<SocialLook>) => void; disabled?: boolean }) {
  return (
    <Stack gap="sm">
      <ChoiceField
        label="Display"
        value={String(look.display) as '0' | '1'}
        choices={DISPLAY_CHOICES}
        disabled={disabled}
        onChange={(display) => onChange('display', { display: Number(display) as SocialDisplay })}
      />
      <Select
        label="Icon color"
        allowDeselect={false}
        disabled={disabled}
        data={ICON_COLOR_SETS.map((value) => ({ value, label: ICON_COLOR_LABELS[value] }))}
        value={look.color}
        onChange={(color) => color && onChange('color', { color: color as IconColorSet })}
      />
      <ChoiceField label="Alignment" value={look.align} choices={ALIGNMENT_CHOICES} disabled={disabled} onChange={(align) => onChange('align', { align })} />
    </Stack>
  );
}

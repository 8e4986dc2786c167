import { Stack, Switch } from '@mantine/core';
import { effectiveBorder, type Section } from '../../../shared/model';
import {
  CORNER_NAMES,
  SIDE_NAMES,
  checkBorderRadius,
  checkBorderSize,
  hasBorder,
  switchBorder,
} from '../../../shared/rules/border-settings';
import { rememberBorder, rememberedBorder } from './border-memory';
import { ChoiceField, LINE_STYLE_CHOICES } from '../fields/ChoiceField';
import { ColorField } from '../fields/ColorField';
import { CORNER_LABELS, SIDE_LABELS, SidesField } from '../fields/SidesField';
import { usePanelContext } from '../panel-context';
import type { SectionEdit } from '../section-edit';

// A block's BORDER (spec 2 §2 "Border settings panel"): the apply-border switch, colour,
// size per side, radius per corner and line style. What the section does not set itself is
// shown from the letter's borders; setting it writes it on the section.

export function BorderSettings({ section, edit, disabled }: { section: Section; edit: SectionEdit; disabled?: boolean }) {
  const { settings, channel } = usePanelContext();
  const border = effectiveBorder(section, settings.borders);
  const on = hasBorder(border.thickness);

  const toggle = (next: boolean) =>
    edit('borderThickness', (current) => {
      const thickness = effectiveBorder(current, settings.borders).thickness;
      if (!next && hasBorder(thickness)) rememberBorder(current.uniqueId, thickness);
      return { ...current, borderThickness: switchBorder(next, rememberedBorder(current.uniqueId)) };
    });

  return (
    <Stack gap="xs">
      <Switch label="Apply border" checked={on} disabled={disabled} onChange={(event) => toggle(event.currentTarget.checked)} />
      {on && (
        <>
          <ColorField
            label="Border color"
            value={border.color}
            accentColor={channel?.accentColor}
            disabled={disabled}
            onValid={(color) => edit('borderColor', (current) => ({ ...current, borderColor: color }))}
          />
          <SidesField
            label="Border size"
            names={SIDE_NAMES}
            labels={SIDE_LABELS}
            value={border.thickness}
            check={checkBorderSize}
            disabled={disabled}
            onValid={(side, size) =>
              edit(`borderThickness.${side}`, (current) => ({
                ...current,
                borderThickness: { ...effectiveBorder(current, settings.borders).thickness, [side]: size },
              }))
            }
          />
          <SidesField
            label="Border radius"
            names={CORNER_NAMES}
            labels={CORNER_LABELS}
            value={border.radius}
            check={checkBorderRadius}
            disabled={disabled}
            onValid={(corner, radius) =>
              edit(`borderRadius.${corner}`, (current) => ({
                ...current,
                borderRadius: { ...effectiveBorder(current, settings.borders).radius, [corner]: radius },
              }))
            }
          />
          <ChoiceField
            label="Border style"
            value={border.style}
            choices={LINE_STYLE_CHOICES}
            disabled={disabled}
            onChange={(style) => edit('borderStyle', (current) => ({ ...current, borderStyle: style }))}
          />
        </>
      )}
    </Stack>
  );
}

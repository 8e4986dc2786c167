import { Stack } from '@mantine/core';
import { ALIGNMENTS, BUTTON_BACKGROUND_COLOR_DEFAULT, type ButtonSettings } from '../../../../shared/model';
import { checkBorderRadius, checkButtonFontSize } from '../../../../shared/rules/letter-styles';
import { AlignmentField } from '../../../block-kit/style-fields/AlignmentField';
import { ChannelColorCheckbox } from '../../../block-kit/style-fields/ChannelColorCheckbox';
import { ColorStyleField } from '../../../block-kit/style-fields/ColorStyleField';
import { FontSelect } from '../../../block-kit/style-fields/FontSelect';
import { NumberStyleField } from '../../../block-kit/style-fields/NumberStyleField';
import { useStylesEnvironment } from '../../../block-kit/styles-context';
import { useLetterStyles } from '../../../block-kit/use-letter-styles';

/** BUTTON: the letter's button colours, alignment, radius and font. */
export function ButtonStylesSection() {
  const { settings, change } = useLetterStyles();
  const { channel } = useStylesEnvironment();
  const buttons = settings.buttons;
  const set = <K extends keyof ButtonSettings>(key: K, value: ButtonSettings[K]) =>
    change((s) => ({ ...s, buttons: { ...s.buttons, [key]: value } }), `buttons.${key}`);
  const usesAccent = channel !== null && buttons.color.toLowerCase() === channel.accentColor.toLowerCase();
  return (
    <Stack gap="xs">
      <ColorStyleField label="Button color" value={buttons.color} disabled={usesAccent} onCommit={(color) => set('color', color)} />
      <ChannelColorCheckbox label="Channel Accent Color" color="accentColor" value={buttons.color} fallback={BUTTON_BACKGROUND_COLOR_DEFAULT} onChange={(color) => set('color', color)} />
      <ColorStyleField label="Text color" value={buttons.textColor} onCommit={(color) => set('textColor', color)} />
      <AlignmentField value={buttons.alignment} options={ALIGNMENTS} onChange={(alignment) => set('alignment', alignment)} />
      <NumberStyleField label="Border radius" value={buttons.borderRadius} check={checkBorderRadius} onCommit={(radius) => set('borderRadius', radius)} />
      <FontSelect label="Primary font" value={buttons.font} onChange={(font) => set('font', font)} />
      <FontSelect label="Fallback font" fallback value={buttons.fallbackFont} onChange={(font) => set('fallbackFont', font)} />
      <NumberStyleField label="Font size" value={buttons.fontSize} check={checkButtonFontSize} onCommit={(size) => set('fontSize', size)} />
    </Stack>
  );
}

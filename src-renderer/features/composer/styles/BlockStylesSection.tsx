import { Stack } from '@mantine/core';
import { checkPadding } from '../../../../shared/rules/letter-styles';
import { OverrideButton } from '../../../block-kit/fields/OverrideButton';
import { BorderFields } from '../../../block-kit/style-fields/BorderFields';
import { ColorStyleField } from '../../../block-kit/style-fields/ColorStyleField';
import { SidesFields } from '../../../block-kit/style-fields/SidesFields';
import { useStylesEnvironment } from '../../../block-kit/styles-context';
import { useLetterStyles } from '../../../block-kit/use-letter-styles';

/** BLOCK: the blocks' background, padding and borders, and the override of every block's own. */
export function BlockStylesSection() {
  const { settings, change, override } = useLetterStyles();
  const { disabled } = useStylesEnvironment();
  return (
    <Stack gap="xs">
      <ColorStyleField
        label="Block background color"
        value={settings.backgroundColor}
        onCommit={(color) => change((s) => ({ ...s, backgroundColor: color }), 'block.backgroundColor')}
      />
      <SidesFields legend="Padding" value={settings.padding} check={checkPadding} onCommit={(padding, side) => change((s) => ({ ...s, padding }), `block.padding.${side}`)} />
      <BorderFields value={settings.borders} onChange={(borders, key) => change((s) => ({ ...s, borders }), `block.borders.${key}`)} />
      {settings.borders.applyBorders && (
        <SidesFields
          legend="Border padding"
          value={settings.borders.padding}
          check={checkPadding}
          onCommit={(padding, side) => change((s) => ({ ...s, borders: { ...s.borders, padding } }), `block.borders.padding.${side}`)}
        />
      )}
      <OverrideButton
        label="Override block settings"
        explanation="This action will replace all existing blocks styles with the new settings"
        disabled={disabled}
        onConfirm={() => override('block')}
      />
    </Stack>
  );
}

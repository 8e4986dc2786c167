import { Stack, Text } from '@mantine/core';
import { effectiveDesktopWidth, effectiveMobileWidth } from '../../../../shared/model';
import { STYLE_MESSAGES, checkDesktopWidth, checkMobileWidth } from '../../../../shared/rules/letter-styles';
import { ChannelColorCheckbox } from '../../../block-kit/style-fields/ChannelColorCheckbox';
import { ColorStyleField } from '../../../block-kit/style-fields/ColorStyleField';
import { NumberStyleField } from '../../../block-kit/style-fields/NumberStyleField';
import { useLetterStyles } from '../../../block-kit/use-letter-styles';

/** Spec 1 §9: the width inputs wait 500 ms after the last keystroke before the rules run. */
export const WIDTH_DEBOUNCE_MS = 500;

/** EMAIL STYLES: desktop and mobile widths and the email's background colour. */
export function EmailStylesSection() {
  const { settings, change } = useLetterStyles();
  const desktopWidth = effectiveDesktopWidth(settings);
  const mobileWidth = effectiveMobileWidth(settings);
  const setBackground = (color: string) => change((s) => ({ ...s, backgroundColorBody: color }), 'email.backgroundColorBody');
  return (
    <Stack gap="xs">
      <NumberStyleField
        label="Desktop width"
        value={desktopWidth}
        check={checkDesktopWidth}
        debounceMs={WIDTH_DEBOUNCE_MS}
        onCommit={(width) => change((s) => ({ ...s, maxWidthDesktop: width }), 'email.maxWidthDesktop')}
      />
      <NumberStyleField
        label="Mobile width"
        value={mobileWidth}
        check={checkMobileWidth}
        debounceMs={WIDTH_DEBOUNCE_MS}
        onCommit={(width) => change((s) => ({ ...s, maxWidthMobile: width }), 'email.maxWidthMobile')}
      />
      {/* From the stored widths, not a field's last edit: it goes as soon as either width puts it right. */}
      {mobileWidth > desktopWidth && (
        <Text role="status" size="xs" c="orange.8">
          {STYLE_MESSAGES.mobileWiderThanDesktop(mobileWidth, desktopWidth)}
        </Text>
      )}
      {/* Never locked: a white letter of a white channel must still take another colour; choosing one unticks the box below. */}
      <ColorStyleField label="Background color" value={settings.backgroundColorBody} onCommit={setBackground} />
      <ChannelColorCheckbox label="Channel Background Color" color="backgroundColor" value={settings.backgroundColorBody} fallback="#FFFFFF" onChange={setBackground} />
    </Stack>
  );
}

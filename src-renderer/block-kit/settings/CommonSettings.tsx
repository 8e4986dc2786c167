import { Accordion, Stack, Switch } from '@mantine/core';
import type { Section } from '../../../shared/model';
import { SIDE_NAMES, checkBlockPadding, type SideName } from '../../../shared/rules/border-settings';
import { BorderSettings } from './BorderSettings';
import { ColorField } from '../fields/ColorField';
import { SIDE_LABELS, SidesField } from '../fields/SidesField';
import { FontSettings, type FontSettingsProps } from './FontSettings';
import { ChannelColorToggle } from '../fields/ChannelColorToggle';
import { channelColorOf, usePanelContext } from '../panel-context';
import type { SectionEdit } from '../section-edit';

// The settings every block has (spec 2 §2 "Common block settings"): collapsible BORDER,
// COLOR, FONT and PADDING. The blockquote has no BORDER; blocks without text have no FONT.

export interface CommonSettingsProps {
  section: Section;
  edit: SectionEdit;
  /** FONT settings for blocks with text; left out when the block has none. */
  font?: Pick<FontSettingsProps, 'fontSizeRule' | 'alignment'>;
  /**
   * False for a block whose text colour is its own field (the button's label colour, with its
   * 'Channel Font Color' in the button's font settings): the section's Text Color draws
   * nothing there, and a second 'Channel Font Color' in one panel would say two things.
   */
  textColor?: boolean;
}

const PADDING_KEYS: Record<SideName, 'paddingTop' | 'paddingRight' | 'paddingBottom' | 'paddingLeft'> = {
  top: 'paddingTop',
  right: 'paddingRight',
  bottom: 'paddingBottom',
  left: 'paddingLeft',
};

export function CommonSettings({ section, edit, font, textColor = true }: CommonSettingsProps) {
  const context = usePanelContext();
  const { channel, readOnly } = context;
  const padding = { top: section.paddingTop, right: section.paddingRight, bottom: section.paddingBottom, left: section.paddingLeft };
  const set = <K extends keyof Section>(key: K, value: Section[K]) =>
    edit(String(key), (current) => (current[key] === value ? current : ({ ...current, [key]: value } as Section)));
  // A colour that follows the channel is set by its checkbox, not typed (where the checkbox is offered).
  const follows = (flag: 'backgroundColor' | 'textColor', name: 'background' | 'font') =>
    section.useChannelColor?.[flag] === true && channelColorOf(context, name) !== null;
  const setFollowing = (flag: 'backgroundColor' | 'textColor', useChannel: boolean, color: string) =>
    edit(`useChannelColor.${flag}`, (current) => ({
      ...current,
      [flag]: color,
      useChannelColor: { ...current.useChannelColor, [flag]: useChannel },
    }));

  return (
    <Accordion multiple variant="contained" chevronPosition="right">
      {section.type !== 'blockquote' && (
        <Accordion.Item value="border">
          <Accordion.Control>BORDER</Accordion.Control>
          <Accordion.Panel>
            <BorderSettings section={section} edit={edit} disabled={readOnly} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
      <Accordion.Item value="color">
        <Accordion.Control>COLOR</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="xs">
            <ColorField
              label="Background Color"
              value={section.backgroundColor}
              allowTransparent
              accentColor={channel?.accentColor}
              disabled={readOnly || follows('backgroundColor', 'background')}
              onValid={(color) => set('backgroundColor', color)}
            />
            <ChannelColorToggle
              name="background"
              checked={section.useChannelColor?.backgroundColor === true}
              value={section.backgroundColor}
              onChange={(useChannel, color) => setFollowing('backgroundColor', useChannel, color)}
            />
            <Switch
              label="Extend background color"
              description="Paint the colour across the whole width of the email"
              checked={section.extendBgColor}
              disabled={readOnly}
              onChange={(event) => set('extendBgColor', event.currentTarget.checked)}
            />
            {textColor && (
              <>
                <ColorField
                  label="Text Color"
                  value={section.textColor}
                  accentColor={channel?.accentColor}
                  disabled={readOnly || follows('textColor', 'font')}
                  onValid={(color) => set('textColor', color)}
                />
                <ChannelColorToggle
                  name="font"
                  checked={section.useChannelColor?.textColor === true}
                  value={section.textColor}
                  onChange={(useChannel, color) => setFollowing('textColor', useChannel, color)}
                />
              </>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
      {font && (
        <Accordion.Item value="font">
          <Accordion.Control>FONT</Accordion.Control>
          <Accordion.Panel>
            <FontSettings section={section} edit={edit} disabled={readOnly} {...font} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
      <Accordion.Item value="padding">
        <Accordion.Control>PADDING</Accordion.Control>
        <Accordion.Panel>
          <SidesField
            label="Padding"
            names={SIDE_NAMES}
            labels={SIDE_LABELS}
            value={padding}
            check={checkBlockPadding}
            disabled={readOnly}
            onValid={(side, value) => set(PADDING_KEYS[side], value)}
          />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}

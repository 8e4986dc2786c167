import { Divider, Stack } from '@mantine/core';
import { useState } from 'react';
import type { Section, SectionOf } from '../../../shared/model';
import { BUTTON_INNER_PADDING_DEFAULT } from '../../../shared/model';
import {
  checkButtonInnerPadding,
  checkButtonLabel,
  checkButtonRadius,
  checkButtonSpacing,
  checkButtonWidth,
} from '../../../shared/rules/button-settings';
import { IMAGE_SETTINGS_DEBOUNCE_MS } from '../../../shared/rules/image-settings';
import { LINK_TYPE_LABELS, checkButtonLink, linkFieldText, linkTypeOf, type LinkType } from '../../../shared/rules/links';
import { SIDE_NAMES } from '../../../shared/rules/border-settings';
import { OverrideButton } from '../../block-kit/fields/OverrideButton';
import { CommonSettings } from '../../block-kit/settings/CommonSettings';
import { ALIGNMENT_CHOICES, ChoiceField } from '../../block-kit/fields/ChoiceField';
import { ColorField } from '../../block-kit/fields/ColorField';
import { RuleField } from '../../block-kit/fields/RuleField';
import { SIDE_LABELS, SidesField } from '../../block-kit/fields/SidesField';
import { ChannelColorToggle } from '../../block-kit/fields/ChannelColorToggle';
import { FontSettings } from '../../block-kit/settings/FontSettings';
import { channelColorOf, usePanelContext } from '../../block-kit/panel-context';
import { setModel, type PanelProps } from '../../block-kit/section-edit';
import { useOverrideStyles } from './use-override-styles';

// The button panel (spec 2 §2): text, link type and link, colours with the channel's accent
// colour (the button) and font colour (the label), font, alignment, radius, inner padding,
// spacing and width, and overriding every button's style with this one's.

const LINK_TYPES: readonly { value: LinkType; label: string }[] = (['web', 'email'] as const).map((value) => ({ value, label: LINK_TYPE_LABELS[value] }));

export function ButtonPanel({ section, edit }: PanelProps<SectionOf<'button'>>) {
  const context = usePanelContext();
  const { channel, readOnly } = context;
  const override = useOverrideStyles(readOnly);
  const model = section.blockModel;
  const set = (field: string, fields: Partial<SectionOf<'button'>['blockModel']>) => setModel(edit, 'button', field, fields);
  // The type is not stored: a mailto: link is an email link; an empty link keeps the chosen type.
  const [chosenType, setChosenType] = useState<LinkType>(linkTypeOf(model.link));
  const linkType = model.link === '' ? chosenType : linkTypeOf(model.link);
  const accent = channel?.accentColor ?? null;
  const flags = model.useChannelColor;
  // The colour and its flag change together, one undo step.
  const setFollowing = (flag: 'backgroundColor' | 'color', useChannel: boolean, color: string) =>
    set(`useChannelColor.${flag}`, { [flag]: color, useChannelColor: { ...flags, [flag]: useChannel } });

  return (
    <Stack gap="sm">
      <RuleField label="Button text" value={model.value} check={checkButtonLabel} onValid={(value) => set('value', { value })} disabled={readOnly} />
      <ChoiceField
        label="Link type"
        value={linkType}
        choices={LINK_TYPES}
        disabled={readOnly}
        onChange={(type) => {
          // Changing the type clears the link (spec 2 §4); the field's message goes with it.
          setChosenType(type);
          set('link', { link: '' });
        }}
      />
      <RuleField
        // Another type starts the field empty, without the other type's message.
        resetKey={linkType}
        label="Link"
        placeholder={linkType === 'web' ? 'https://' : 'name@example.com'}
        value={model.link}
        format={linkFieldText}
        check={(text) => checkButtonLink(text, linkType)}
        debounceMs={IMAGE_SETTINGS_DEBOUNCE_MS}
        onValid={(link) => set('link', { link })}
        disabled={readOnly}
      />
      <ColorField
        label="Button color"
        value={model.backgroundColor}
        accentColor={accent}
        disabled={readOnly || (flags?.backgroundColor === true && channelColorOf(context, 'accent') !== null)}
        onValid={(backgroundColor) => set('backgroundColor', { backgroundColor })}
      />
      <ChannelColorToggle
        name="accent"
        checked={flags?.backgroundColor === true}
        value={model.backgroundColor}
        onChange={(useChannel, color) => setFollowing('backgroundColor', useChannel, color)}
      />
      <Divider label="Font" labelPosition="left" />
      <FontSettings
        section={section}
        edit={edit}
        fontSizeRule="button"
        disabled={readOnly}
        color={{
          label: 'Text color',
          value: model.color,
          accentColor: accent,
          followsChannel: flags?.color === true && channelColorOf(context, 'font') !== null,
          onColor: (color) => set('color', { color }),
          onChannel: (useChannel, color) => setFollowing('color', useChannel, color),
        }}
      />
      <ChoiceField label="Alignment" value={model.align} choices={ALIGNMENT_CHOICES} disabled={readOnly} onChange={(align) => set('align', { align })} />
      <RuleField label="Border radius" numeric value={model.borderRadius} check={checkButtonRadius} disabled={readOnly} onValid={(borderRadius) => set('borderRadius', { borderRadius })} />
      <SidesField
        label="Inner padding"
        names={SIDE_NAMES}
        labels={SIDE_LABELS}
        value={{ ...BUTTON_INNER_PADDING_DEFAULT, ...model.innerPadding }}
        check={checkButtonInnerPadding}
        disabled={readOnly}
        onValid={(side, value) =>
          edit(`innerPadding.${side}`, (current: Section) =>
            current.type === 'button' ? { ...current, blockModel: { ...current.blockModel, innerPadding: { ...current.blockModel.innerPadding, [side]: value } } } : current,
          )
        }
      />
      <RuleField
        label="Spacing"
        description="Space above and below the button, in px"
        numeric
        value={model.buttonSpacing}
        check={checkButtonSpacing}
        disabled={readOnly}
        onValid={(buttonSpacing) => set('buttonSpacing', { buttonSpacing })}
      />
      <RuleField
        label="Width"
        description="Percent of the column; 0 fits the text"
        numeric
        value={model.buttonWidth}
        check={checkButtonWidth}
        disabled={readOnly}
        onValid={(buttonWidth) => set('buttonWidth', { buttonWidth })}
      />
      <OverrideButton
        label="Override all button styles"
        explanation="This action will replace all existing button styles with the new settings"
        disabled={readOnly}
        onConfirm={() =>
          override('button', (settings) => ({
            ...settings,
            buttons: {
              ...settings.buttons,
              color: model.backgroundColor,
              textColor: model.color,
              alignment: model.align,
              borderRadius: model.borderRadius,
              font: section.defaultFont,
              fallbackFont: section.fontFallback,
              fontSize: section.fontSize,
            },
          }))
        }
      />
      <CommonSettings section={section} edit={edit} textColor={false} />
    </Stack>
  );
}

import { Checkbox, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { TEXT_TYPE_LABELS, type LetterTextTag } from '../../../../shared/model';
import { LINK_STYLE_CHOICES, linkStyleChoices, withLinkStyleChoices } from '../../../../shared/rules/letter-styles';
import { OverrideButton } from '../../../block-kit/fields/OverrideButton';
import { ColorStyleField } from '../../../block-kit/style-fields/ColorStyleField';
import { TextStyleFields } from '../../../block-kit/style-fields/TextStyleFields';
import { useStylesEnvironment } from '../../../block-kit/styles-context';
import { useLetterStyles } from '../../../block-kit/use-letter-styles';

const TEXT_TAGS: readonly LetterTextTag[] = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const LINK_STYLE_LABELS = { bold: 'Bold', italic: 'Italic', underline: 'Underline' } as const;

/** TEXT: the style of each text type (p, h1–h6), the links' style, and the override of every text block's own. */
export function TextStylesSection() {
  const { settings, change, override } = useLetterStyles();
  const { disabled, channel } = useStylesEnvironment();
  const [tag, setTag] = useState<LetterTextTag>('p');
  const links = settings.links;
  return (
    <Stack gap="sm">
      <Select
        label="Text Type"
        required
        value={tag}
        data={TEXT_TAGS.map((value) => ({ value, label: TEXT_TYPE_LABELS[value] }))}
        allowDeselect={false}
        onChange={(value) => value && setTag(value as LetterTextTag)}
        size="xs"
      />
      <Paper withBorder p="xs" role="group" aria-label="Type">
        <Title order={6} mb={4}>
          Type
        </Title>
        <TextStyleFields
          // A fresh set of fields per type, so one type's half-typed value never shows on another.
          key={tag}
          value={settings.text[tag]}
          onChange={(style, key) => change((s) => ({ ...s, text: { ...s.text, [tag]: style } }), `text.${tag}.${key}`)}
        />
      </Paper>
      <Paper withBorder p="xs" role="group" aria-label="Link">
        <Title order={6} mb={4}>
          Link
        </Title>
        <Text size="xs" c="dimmed" mb="xs">
          These styles apply to all links in the newsletter, regardless of text type.
        </Text>
        <Stack gap="xs">
          <ColorStyleField
            label="Color"
            value={links.color}
            disabled={channel !== null && links.useChannelColor.linkColor}
            onCommit={(color) => change((s) => ({ ...s, links: { ...s.links, color } }), 'links.color')}
          />
          {channel && (
            <Checkbox
              label="Channel Accent Color"
              checked={links.useChannelColor.linkColor}
              disabled={disabled}
              size="xs"
              onChange={(event) => {
                const linkColor = event.currentTarget.checked;
                change((s) => ({ ...s, links: { ...s.links, useChannelColor: { ...s.links.useChannelColor, linkColor } } }), 'links.useChannelColor');
              }}
            />
          )}
          <MultiSelect
            label="Style"
            value={linkStyleChoices(links)}
            data={LINK_STYLE_CHOICES.map((value) => ({ value, label: LINK_STYLE_LABELS[value] }))}
            disabled={disabled}
            onChange={(choices) => change((s) => ({ ...s, links: withLinkStyleChoices(s.links, choices) }), 'links.style')}
            size="xs"
          />
        </Stack>
      </Paper>
      <OverrideButton
        label="Override text block settings"
        explanation="This action will replace all existing text styles with the new settings"
        disabled={disabled}
        onConfirm={() => override('text')}
      />
    </Stack>
  );
}

import { Paper, Select, Stack, Switch, Title } from '@mantine/core';
import { useState } from 'react';
import { TEXT_TYPE_LABELS, type PromotionSettings, type PromotionTextSettings } from '../../../../shared/model';
import { checkPadding } from '../../../../shared/rules/letter-styles';
import { BorderFields } from '../../../block-kit/style-fields/BorderFields';
import { ColorStyleField } from '../../../block-kit/style-fields/ColorStyleField';
import { DisclaimerField } from '../../../block-kit/style-fields/DisclaimerField';
import { SidesFields } from '../../../block-kit/style-fields/SidesFields';
import { TextStyleFields } from '../../../block-kit/style-fields/TextStyleFields';
import { useStylesEnvironment } from '../../../block-kit/styles-context';
import { useLetterStyles } from '../../../block-kit/use-letter-styles';

const PARTS: readonly (keyof PromotionTextSettings)[] = ['headingSettings', 'copySettings', 'disclaimerSettings'];

/** PROMOTION: the promotion box (disclaimer, background, padding, borders) and the style of its heading, copy and disclaimer. */
export function PromotionStylesSection() {
  const { settings, change } = useLetterStyles();
  const { disabled } = useStylesEnvironment();
  const [part, setPart] = useState<keyof PromotionTextSettings>('headingSettings');
  const promotion = settings.promotionSettings;
  const set = <K extends keyof PromotionSettings>(key: K, value: PromotionSettings[K], field: string = key) =>
    change((s) => ({ ...s, promotionSettings: { ...s.promotionSettings, [key]: value } }), `promotion.${field}`);
  return (
    <Stack gap="xs">
      <Switch
        label="Display disclaimer"
        checked={promotion.displayDisclaimer}
        disabled={disabled}
        size="xs"
        onChange={(event) => set('displayDisclaimer', event.currentTarget.checked)}
      />
      {promotion.displayDisclaimer && <DisclaimerField value={promotion.disclaimer} onCommit={(disclaimer) => set('disclaimer', disclaimer)} />}
      <ColorStyleField label="Promotion background color" value={promotion.backgroundColor} onCommit={(color) => set('backgroundColor', color)} />
      <SidesFields legend="Promotion padding" value={promotion.padding} check={checkPadding} onCommit={(padding, side) => set('padding', padding, `padding.${side}`)} />
      <BorderFields value={promotion.borders} onChange={(borders, key) => set('borders', borders, `borders.${key}`)} />
      <Select
        label="Text Type"
        required
        value={part}
        data={PARTS.map((value) => ({ value, label: TEXT_TYPE_LABELS[value] }))}
        allowDeselect={false}
        onChange={(value) => value && setPart(value as keyof PromotionTextSettings)}
        size="xs"
      />
      <Paper withBorder p="xs" role="group" aria-label="Type">
        <Title order={6} mb={4}>
          Type
        </Title>
        <TextStyleFields key={part} value={promotion[part]} onChange={(style, key) => set(part, style, `${part}.${key}`)} />
      </Paper>
    </Stack>
  );
}

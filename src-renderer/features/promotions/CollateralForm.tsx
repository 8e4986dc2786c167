import { Alert, Button, Group, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { CollateralInput } from '../../../shared/contract/bridge-promotions';
import type { AdType, Promotion } from '../../../shared/contract/platform-promotions';
import { AD_TYPE_DEFAULTS, HEADLINE_DEFAULT, characterCounter, collateralErrors } from '../../../shared/rules/promotions';
import { useSaveCollateralMutation } from './promotions-api';

function initial(promotion: Promotion | null): CollateralInput {
  return {
    headline: promotion?.headline ?? HEADLINE_DEFAULT,
    content: promotion?.content ?? '',
    image: promotion?.image ?? '',
    imageAlternativeText: promotion?.imageAlternativeText ?? '',
    callToAction: promotion?.callToAction ?? '',
    callToActionUrl: promotion?.callToActionUrl ?? '',
    promoterDisplayName: promotion?.promoterDisplayName ?? '',
    dateRangeStart: promotion?.dateRangeStart ?? (promotion?.dates[0] ?? null),
    dateRangeEnd: promotion?.dateRangeEnd ?? null,
    dates: [],
    adTypeId: promotion?.adTypeId ?? null,
    zone: promotion?.zone ?? 1,
  };
}

/**
 * Collateral (spec 3 §3): headline, content and call to action within the ad type's limits
 * (counters under each), an https link, a day or a range of days, the ad type and the zone.
 * The platform checks the same rules (shared/rules/promotions.ts).
 */
export function CollateralForm(props: { campaignUniqueId: string; promotion: Promotion | null; adTypes: AdType[]; onDone: () => void }) {
  const { campaignUniqueId, promotion, adTypes, onDone } = props;
  const [values, setValues] = useState<CollateralInput>(() => initial(promotion));
  const [touched, setTouched] = useState(false);
  const [save, { isLoading }] = useSaveCollateralMutation();
  const [failure, setFailure] = useState<string | null>(null);
  // What only the platform can check, as the image's size: shown on its field.
  const [serverFields, setServerFields] = useState<Record<string, string[]>>({});
  const adType = adTypes.find((a) => a.id === values.adTypeId);
  const limits = adType ?? AD_TYPE_DEFAULTS;
  const errors = collateralErrors(values, limits);
  const shown = (field: string) => (touched ? errors[field] : undefined);
  const set = <K extends keyof CollateralInput>(key: K, value: CollateralInput[K]) => setValues((v) => ({ ...v, [key]: value }));
  const zones = Math.max(1, adTypes.length);

  const submit = async () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    const result = await save({ campaignUniqueId, id: promotion?.id ?? null, collateral: values });
    if ('data' in result && result.data) return onDone();
    const error = 'error' in result ? (result.error as { message?: unknown; fields?: Record<string, string[]> } | undefined) : undefined;
    setServerFields(error?.fields ?? {});
    setFailure(error?.message ? String(error.message) : 'The promotion could not be saved.');
  };

  const counter = (value: string, max: number) => (
    <Text size="xs" c={[...value].length > max ? 'red' : 'dimmed'}>
      {characterCounter(value, max)}
    </Text>
  );

  return (
    <Stack gap="xs" aria-label="Promotion form">
      {failure && <Alert color="red">{failure}</Alert>}
      <Group grow>
        <Select
          label="Ad type"
          placeholder="Standard"
          clearable
          value={values.adTypeId === null ? null : String(values.adTypeId)}
          data={adTypes.map((a) => ({ value: String(a.id), label: a.title }))}
          onChange={(value) => set('adTypeId', value === null ? null : Number(value))}
        />
        <Select
          label="Zone"
          value={String(values.zone)}
          allowDeselect={false}
          data={Array.from({ length: zones }, (_, i) => ({ value: String(i + 1), label: `Zone ${i + 1}` }))}
          onChange={(value) => value && set('zone', Number(value))}
        />
      </Group>
      <TextInput label="Headline" value={values.headline} onChange={(e) => set('headline', e.currentTarget.value)} error={shown('headline')} />
      {counter(values.headline, limits.headingCharacterCount)}
      <Textarea label="Content" autosize minRows={3} value={values.content} onChange={(e) => set('content', e.currentTarget.value)} error={shown('content')} />
      {counter(values.content, limits.contentCharacterCount)}
      <TextInput
        label="Image URL"
        description={`${limits.imageWidth}x${limits.imageHeight}`}
        value={values.image}
        onChange={(e) => (set('image', e.currentTarget.value), setServerFields((f) => ({ ...f, image: [] })))}
        error={serverFields.image?.[0]}
      />
      <TextInput label="Image alternative text" value={values.imageAlternativeText} onChange={(e) => set('imageAlternativeText', e.currentTarget.value)} />
      <TextInput label="Call to action" value={values.callToAction} onChange={(e) => set('callToAction', e.currentTarget.value)} error={shown('callToAction')} />
      {counter(values.callToAction, limits.callToActionCharacterCount)}
      <TextInput
        label="Call to action URL"
        placeholder="https://"
        required
        value={values.callToActionUrl}
        onChange={(e) => set('callToActionUrl', e.currentTarget.value)}
        error={shown('callToActionUrl')}
      />
      <TextInput label="Promoter display name" value={values.promoterDisplayName} onChange={(e) => set('promoterDisplayName', e.currentTarget.value)} />
      <Group grow>
        <TextInput
          label="Start date"
          placeholder="YYYY-MM-DD"
          value={values.dateRangeStart ?? ''}
          onChange={(e) => set('dateRangeStart', e.currentTarget.value.trim() || null)}
          error={shown('dates')}
        />
        <TextInput label="End date" placeholder="YYYY-MM-DD" value={values.dateRangeEnd ?? ''} onChange={(e) => set('dateRangeEnd', e.currentTarget.value.trim() || null)} />
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={isLoading}>
          Save promotion
        </Button>
      </Group>
    </Stack>
  );
}

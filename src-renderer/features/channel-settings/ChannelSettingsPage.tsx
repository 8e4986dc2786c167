import { Alert, Button, ColorInput, Image, Loader, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPhoto } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { fieldMessages } from '../../../shared/contract/errors';
import { ChannelSettingsSchema, type ChannelSettings } from '../../../shared/model/channel-settings';
import { useGetChannelSettingsQuery, useSaveChannelSettingsMutation } from './channel-settings-api';
import { SendingIdentityCard } from './SendingIdentityCard';
import { ReaderOptionsCard } from './ReaderOptionsCard';
import { SignUpCard } from './SignUpCard';
import { timezoneOptions } from './timezones';
import { ScreenFrame } from '../../ui/ScreenFrame';

export const CHANNEL_SETTINGS_SAVED = 'Channel settings saved.';

const FOOTER_LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'sp', label: 'Spanish' },
];

/** Field messages from the form's own check, the core's (`settings.x`) or the platform's (`x`). */
function byField(fields: Record<string, string[]> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const name = key.replace(/^settings\./, '');
    if (messages[0] && !out[name]) out[name] = messages[0];
  }
  return out;
}

/**
 * The channel settings screen (spec 2 §2): what every letter of the channel starts from and
 * the composer reads — name, logo, accent, font and background colours, base font size,
 * timezone, postal address (the footer shows it) and footer language. Saved on the platform;
 * it needs a connection and says so.
 */
export function ChannelSettingsPage() {
  const { brandSlug = '', channelSlug = '' } = useParams();
  const stored = useGetChannelSettingsQuery({ brandSlug, channelSlug }, { refetchOnMountOrArgChange: true });
  const [save, saving] = useSaveChannelSettingsMutation();
  const [draft, setDraft] = useState<ChannelSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();

  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);
  const zones = useMemo(() => timezoneOptions(draft?.timezone ?? ''), [draft?.timezone]);

  if (stored.error) {
    return (
      <Alert color="red" m="lg" title="Channel settings">
        {'message' in stored.error ? String(stored.error.message) : 'The channel settings could not be read.'}
      </Alert>
    );
  }
  if (!draft) return <Loader m="lg" aria-label="Loading channel settings" />;

  const set = <K extends keyof ChannelSettings>(key: K, value: ChannelSettings[K]) => {
    setDraft((current) => (current ? { ...current, [key]: value } : current));
    // A message from the last Save goes as soon as its field holds a valid value again,
    // rather than staying under a colour or name the editor has already put right.
    if (errors[key] && ChannelSettingsSchema.shape[key].safeParse(value).success) {
      setErrors(({ [key]: _fixed, ...rest }) => rest);
    }
  };
  const setAddress = (key: keyof ChannelSettings['address'], value: string) =>
    setDraft((current) => (current ? { ...current, address: { ...current.address, [key]: value } } : current));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setFailure(null);
    const candidate = { ...draft, logoUrl: draft.logoUrl?.trim() ? draft.logoUrl.trim() : null };
    const checked = ChannelSettingsSchema.safeParse(candidate);
    if (!checked.success) {
      setErrors(byField(fieldMessages(checked.error.issues)));
      return;
    }
    setErrors({});
    const result = await save({ brandSlug, channelSlug, settings: checked.data });
    if ('error' in result && result.error) {
      const error = result.error as { message?: string; fields?: Record<string, string[]> };
      setErrors(byField(error.fields));
      setFailure(error.message ?? 'The channel settings were not saved.');
      return;
    }
    notifications.show({ color: 'green', message: CHANNEL_SETTINGS_SAVED });
  }

  // The sending identity is saved on its own (its own card and Save), so it sits outside this form.
  return (
    <ScreenFrame
      title="Channel settings"
      subtitle="Every letter of this channel starts from these, and its footer and logo read them."
      maw={880}
      actions={
        <Button type="submit" form={formId} loading={saving.isLoading} leftSection={<IconDeviceFloppy size={18} />}>
          Save
        </Button>
      }
    >
      {failure && (
        <Alert color="red">
          {failure}
        </Alert>
      )}
      <form id={formId} onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="lg">
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="sm">
              Identity
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Name" required value={draft.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} />
              <TextInput
                label="Logo URL"
                description="A square image, shown by logo blocks and the footer"
                placeholder="https://"
                value={draft.logoUrl ?? ''}
                onChange={(e) => set('logoUrl', e.currentTarget.value)}
                error={errors.logoUrl}
                leftSection={<IconPhoto size={16} />}
              />
            </SimpleGrid>
            {draft.logoUrl && !errors.logoUrl && <Image src={draft.logoUrl} alt={`Logo of ${draft.title}`} w={64} h={64} mt="sm" radius="sm" fit="contain" />}
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="sm">
              Colors and text
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ColorInput label="Accent color" value={draft.accentColor} onChange={(value) => set('accentColor', value)} error={errors.accentColor} format="hex" fixOnBlur={false} />
              <ColorInput label="Font color" value={draft.fontColor} onChange={(value) => set('fontColor', value)} error={errors.fontColor} format="hex" fixOnBlur={false} />
              <ColorInput label="Background color" value={draft.backgroundColor} onChange={(value) => set('backgroundColor', value)} error={errors.backgroundColor} format="hex" fixOnBlur={false} />
              <NumberInput
                label="Base font size"
                suffix=" px"
                min={10}
                max={36}
                allowDecimal={false}
                value={draft.baseFontSize}
                onChange={(value) => set('baseFontSize', typeof value === 'number' ? value : Number.NaN)}
                error={errors.baseFontSize}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb="sm">
              Sending
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select label="Timezone" searchable data={zones} value={draft.timezone} allowDeselect={false} onChange={(value) => value && set('timezone', value)} error={errors.timezone} limit={200} />
              <Select
                label="Footer language"
                data={FOOTER_LANGUAGES}
                value={draft.footerLanguage}
                allowDeselect={false}
                onChange={(value) => value && set('footerLanguage', value as ChannelSettings['footerLanguage'])}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="lg">
            <Title order={2} size="h4" mb={4}>
              Postal address
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Shown in every letter&apos;s footer, as email law asks of senders.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Street" value={draft.address.street} onChange={(e) => setAddress('street', e.currentTarget.value)} error={errors['address.street']} />
              <TextInput label="City" value={draft.address.city} onChange={(e) => setAddress('city', e.currentTarget.value)} error={errors['address.city']} />
              <TextInput label="State or region" value={draft.address.state} onChange={(e) => setAddress('state', e.currentTarget.value)} error={errors['address.state']} />
              <TextInput label="Postal code" value={draft.address.postal} onChange={(e) => setAddress('postal', e.currentTarget.value)} error={errors['address.postal']} />
              <TextInput label="Country" value={draft.address.country} onChange={(e) => setAddress('country', e.currentTarget.value)} error={errors['address.country']} />
            </SimpleGrid>
          </Paper>
          <ReaderOptionsCard value={draft} onChange={set} />
          <SignUpCard doubleOptIn={draft.doubleOptIn} onChange={(on) => set('doubleOptIn', on)} />
        </Stack>
      </form>
      <SendingIdentityCard brandSlug={brandSlug} channelSlug={channelSlug} />
    </ScreenFrame>
  );
}

import { Select, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useEffect, useMemo } from 'react';
import { SPECIFIC_EMAILS_NAME, SPECIFIC_EMAILS_SEGMENT_ID } from '../../../../shared/model/segment';
import { minimumDateField } from '../../../../shared/rules/schedule-dates';
import { COMPOSER_PLUGINS } from '../../../app/composer-plugins';
import { DateTimeField } from './DateTimeField';
import { errorMessage, useListSegmentsQuery } from './lifecycle-api';
import { SidebarSection } from '../../../block-kit/SidebarSection';
import { toastError } from '../../../ui/toasts';
import { UtmControl } from './UtmControl';
import type { ScheduleForm } from './use-schedule-form';

export interface SendingSettingsProps {
  letterUniqueId: string;
  brandSlug: string;
  channelSlug: string;
  zone: string;
  form: ScheduleForm;
  utmEnabled: boolean;
  disabled?: boolean;
  now?: () => Date;
  onBusyChange?: (busy: boolean) => void;
}

/** SENDING SETTINGS: Audience (required), Date and time on the channel's clock, UTM tracking. */
export function SendingSettings({ letterUniqueId, brandSlug, channelSlug, zone, form, utmEnabled, disabled, now = () => new Date(), onBusyChange }: SendingSettingsProps) {
  const { values } = form;
  const { data: segments, error, isFetching } = useListSegmentsQuery({ brandSlug, channelSlug });
  useEffect(() => {
    if (error) toastError(errorMessage(error, 'Sorry, the audiences could not be loaded.'));
  }, [error]);

  const options = useMemo(() => {
    const items = (segments?.items ?? []).map((segment) => ({ value: String(segment.id), label: segment.name, total: segment.total }));
    // Not a stored segment: the addresses are typed below once it is chosen.
    if (segments && !items.some((item) => item.value === String(SPECIFIC_EMAILS_SEGMENT_ID))) {
      items.push({ value: String(SPECIFIC_EMAILS_SEGMENT_ID), label: SPECIFIC_EMAILS_NAME, total: -1 });
    }
    // The letter's audience stays choosable even when the list does not (yet) hold it.
    if (values.segmentId !== null && !items.some((item) => item.value === String(values.segmentId))) {
      items.unshift({ value: String(values.segmentId), label: values.segmentName ?? `Audience ${values.segmentId}`, total: -1 });
    }
    return items;
  }, [segments, values.segmentId, values.segmentName]);
  const totals = new Map(options.map((option) => [option.value, option.total]));
  // Minutes matter little here; the minimum only moves at midnight on the channel's clock.
  const min = minimumDateField(zone, now());

  return (
    <SidebarSection title="SENDING SETTINGS">
      <Select
        label="Audience"
        withAsterisk
        placeholder={isFetching && !segments ? 'Loading audiences...' : 'Choose an audience'}
        data={options.map(({ value, label }) => ({ value, label }))}
        value={values.segmentId === null ? null : String(values.segmentId)}
        allowDeselect={false}
        searchable
        disabled={disabled}
        error={form.visibleError('segmentId')}
        onChange={(value) => {
          if (value === null) return;
          const option = options.find((item) => item.value === value);
          form.setAudience(Number(value), option?.label ?? null);
        }}
        onBlur={() => form.touch('segmentId')}
        renderOption={({ option }) => {
          const total = totals.get(option.value) ?? -1;
          return (
            <div>
              <Text size="sm">{option.label}</Text>
              {total >= 0 && (
                <Text size="xs" c="dimmed">
                  {total.toLocaleString()} {total === 1 ? 'subscriber' : 'subscribers'}
                </Text>
              )}
            </div>
          );
        }}
      />
      {values.segmentId === SPECIFIC_EMAILS_SEGMENT_ID && <COMPOSER_PLUGINS.SpecificEmailsField brandSlug={brandSlug} channelSlug={channelSlug} disabled={disabled} />}
      {segments?.offline && (
        <Text size="xs" c="dimmed">
          Offline: these are the audiences as of {segments.fetchedAt ? dayjs(segments.fetchedAt).format('MMM D, h:mm a') : 'the last connection'}.
        </Text>
      )}
      <DateTimeField
        value={values.dateText}
        min={min}
        zone={zone}
        error={form.visibleError('publicationDate')}
        disabled={disabled}
        onChange={form.setDateText}
        onBlur={() => form.touch('publicationDate')}
      />
      {utmEnabled && <UtmControl letterUniqueId={letterUniqueId} disabled={disabled} onBusyChange={onBusyChange} />}
    </SidebarSection>
  );
}

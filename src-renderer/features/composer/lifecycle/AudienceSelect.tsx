import { Select, Text } from '@mantine/core';
import { formatDateTime } from '../../../../shared/rules/display-dates';
import { useEffect, useMemo } from 'react';
import { SPECIFIC_EMAILS_NAME, SPECIFIC_EMAILS_SEGMENT_ID } from '../../../../shared/model/segment';
import { COMPOSER_PLUGINS } from '../../../app/composer-plugins';
import { errorMessage, useListSegmentsQuery } from './lifecycle-api';
import { toastError } from '../../../ui/toasts';
import { scheduleFieldId } from './schedule-field-id';
import type { ScheduleForm } from './use-schedule-form';

/**
 * Audience (required): the channel's segments with their totals, 'Specific emails' with its
 * field, the letter's own audience even before the list holds it. Used by Sending settings
 * and by a recurring template's Trigger, which sends to an audience too.
 */
export function AudienceSelect({ brandSlug, channelSlug, form, disabled }: { brandSlug: string; channelSlug: string; form: ScheduleForm; disabled?: boolean | undefined }) {
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

  return (
    <>
      <Select
        label="Audience"
        id={scheduleFieldId('segmentId')}
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
          Offline: these are the audiences as of {segments.fetchedAt ? formatDateTime(segments.fetchedAt) : 'the last connection'}.
        </Text>
      )}
    </>
  );
}

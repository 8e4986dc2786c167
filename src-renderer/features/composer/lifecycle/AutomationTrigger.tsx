import { Chip, Group, Radio, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { AUTOMATION_DELAY_UNITS, type AutomationDelayUnit } from '../../../../shared/model/automation';
import { WEEKDAY_NAMES, WEEKDAY_ORDER, zoneAbbreviation } from '../../../../shared/rules/automation-display';
import { SidebarSection } from '../../../block-kit/SidebarSection';
import { AudienceSelect } from './AudienceSelect';
import type { AutomationForm, Frequency, TriggerKind } from './use-automation-form';
import { scheduleFieldId } from './schedule-field-id';
import type { ScheduleForm } from './use-schedule-form';

export const TRIGGER_LABELS: Record<TriggerKind, string> = { newSubscriber: 'When someone subscribes', recurring: 'On a schedule' };
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
];
const UNIT_LABELS: Record<AutomationDelayUnit, string> = { minutes: 'Minutes', hours: 'Hours', days: 'Days' };

export interface AutomationTriggerProps {
  brandSlug: string;
  channelSlug: string;
  /** The channel's timezone: a schedule's time is on its clock. */
  zone: string;
  automation: AutomationForm;
  /** The audience a recurring template is sent to lives with the schedule step's fields. */
  form: ScheduleForm;
  disabled?: boolean | undefined;
  now?: () => Date;
}

/**
 * The Trigger of a template's configure step (issue 32): when the active template is sent. To
 * each new subscriber, after a delay (0 = at once), or on a schedule — daily, on chosen
 * weekdays or on a day of the month, at a time on the channel's clock — to an audience.
 */
export function AutomationTrigger({ brandSlug, channelSlug, zone, automation, form, disabled, now = () => new Date() }: AutomationTriggerProps) {
  const { values, set, errors } = automation;
  return (
    <SidebarSection title="Trigger">
      <Radio.Group label="Trigger" value={values.trigger} onChange={(value) => set({ trigger: value as TriggerKind })}>
        <Stack gap={6} mt={4}>
          <Radio value="newSubscriber" label={TRIGGER_LABELS.newSubscriber} disabled={disabled} />
          <Radio value="recurring" label={TRIGGER_LABELS.recurring} disabled={disabled} />
        </Stack>
      </Radio.Group>
      {values.trigger === 'newSubscriber' ? (
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            label="Delay"
            id={scheduleFieldId('delayAmount')}
            description="0 sends it at once"
            inputMode="numeric"
            value={values.delayAmount}
            error={errors.delayAmount}
            disabled={disabled}
            style={{ flex: 1 }}
            onChange={(event) => set({ delayAmount: event.currentTarget.value })}
          />
          <Select
            label="Unit"
            description="after they subscribe"
            data={AUTOMATION_DELAY_UNITS.map((unit) => ({ value: unit, label: UNIT_LABELS[unit] }))}
            value={values.delayUnit}
            allowDeselect={false}
            disabled={disabled}
            style={{ flex: 1 }}
            onChange={(value) => value && set({ delayUnit: value as AutomationDelayUnit })}
          />
        </Group>
      ) : (
        <>
          <div>
            <Text size="sm" fw={500} id="automation-frequency">
              Repeats
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="automation-frequency"
              data={FREQUENCIES}
              value={values.frequency}
              disabled={disabled}
              onChange={(value) => set({ frequency: value as Frequency })}
            />
          </div>
          {values.frequency === 'weekly' && (
            <div role="group" aria-label="Days of the week" id={scheduleFieldId('weekdays')} tabIndex={-1}>
              <Chip.Group multiple value={values.weekdays.map(String)} onChange={(days) => set({ weekdays: days.map(Number) })}>
                <Group gap={4}>
                  {WEEKDAY_ORDER.map((day) => (
                    <Chip key={day} value={String(day)} size="xs" disabled={disabled} aria-label={WEEKDAY_NAMES[day]}>
                      {WEEKDAY_NAMES[day].slice(0, 3)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {errors.weekdays && (
                <Text size="xs" c="red" mt={4}>
                  {errors.weekdays}
                </Text>
              )}
            </div>
          )}
          {values.frequency === 'monthly' && (
            <TextInput
              label="Day of the month"
              id={scheduleFieldId('dayOfMonth')}
              description="In a shorter month it runs on the last day"
              inputMode="numeric"
              value={values.dayOfMonth}
              error={errors.dayOfMonth}
              disabled={disabled}
              onChange={(event) => set({ dayOfMonth: event.currentTarget.value })}
            />
          )}
          <TextInput
            label="Time"
            id={scheduleFieldId('time')}
            placeholder="HH:mm"
            description={`On the channel's clock: ${zone} (${zoneAbbreviation(zone, now())})`}
            value={values.time}
            error={errors.time}
            disabled={disabled}
            onChange={(event) => set({ time: event.currentTarget.value })}
          />
          <AudienceSelect brandSlug={brandSlug} channelSlug={channelSlug} form={form} disabled={disabled} />
        </>
      )}
    </SidebarSection>
  );
}

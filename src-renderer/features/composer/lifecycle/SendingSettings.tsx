import { minimumDateField } from '../../../../shared/rules/schedule-dates';
import { AudienceSelect } from './AudienceSelect';
import { DateTimeField } from './DateTimeField';
import { SidebarSection } from '../../../block-kit/SidebarSection';
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

/** Sending settings (spec 1 §2 SENDING SETTINGS): Audience (required), Date and time on the channel's clock, UTM tracking. */
export function SendingSettings({ letterUniqueId, brandSlug, channelSlug, zone, form, utmEnabled, disabled, now = () => new Date(), onBusyChange }: SendingSettingsProps) {
  const { values } = form;
  // Minutes matter little here; the minimum only moves at midnight on the channel's clock.
  const min = minimumDateField(zone, now());

  return (
    <SidebarSection title="Sending settings">
      <AudienceSelect brandSlug={brandSlug} channelSlug={channelSlug} form={form} disabled={disabled} />
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

import { Divider, ScrollArea, Stack } from '@mantine/core';
import { FEATURE_FLAGS } from '../../../../shared/model/feature-flags';
import type { Letter } from '../../../../shared/model/letter';
import { useFeatureFlags } from '../../../app/feature-flags';
import { COMPOSER_PLUGINS } from '../../../app/composer-plugins';
import { AutomationTrigger } from './AutomationTrigger';
import { ContentCheck } from './ContentCheck';
import { InboxPreview } from './InboxPreview';
import { PrivateSwitch } from './PrivateSwitch';
import { SendingSettings } from './SendingSettings';
import { SocialCardEditor } from './SocialCardEditor';
import { useBusySources } from './use-busy-sources';
import type { AutomationForm } from './use-automation-form';
import type { ScheduleForm } from './use-schedule-form';

export interface ScheduleSidebarProps {
  letter: Letter;
  /** Changes with every local save, so the content check follows the letter. */
  revision: string;
  zone: string;
  form: ScheduleForm;
  title: string;
  onTitleChange: (title: string) => void;
  /** Templates are configured, not sent on a date: a Trigger instead of sending settings. */
  template?: boolean;
  /** The template's Trigger (shown when `template`). */
  automation?: AutomationForm;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
  now?: () => Date;
}

/**
 * The schedule step's sidebar (spec 1 §2): CONTENT CHECK, SENDING SETTINGS (with the Private switch), INBOX PREVIEW, SOCIAL CARD, PROMOTIONS.
 * A template's configure step has TRIGGER in place of sending settings and promotions.
 */
export function ScheduleSidebar({ letter, revision, zone, form, title, onTitleChange, template, automation, disabled, onBusyChange, now }: ScheduleSidebarProps) {
  const isFeatureOn = useFeatureFlags(letter.brandSlug, letter.channelSlug);
  const busy = useBusySources(onBusyChange);
  return (
    <ScrollArea.Autosize mah="calc(100vh - 220px)" style={{ width: 360, flexShrink: 0 }} aria-label="Schedule settings">
      <Stack gap="md" pr="sm">
        <ContentCheck uniqueId={letter.uniqueId} revision={revision} />
        <Divider />
        {template && automation && (
          <>
            <AutomationTrigger
              brandSlug={letter.brandSlug}
              channelSlug={letter.channelSlug}
              zone={zone}
              automation={automation}
              form={form}
              disabled={disabled}
              {...(now ? { now } : {})}
            />
            <Divider />
          </>
        )}
        {!template && (
          <>
            <SendingSettings
              letterUniqueId={letter.uniqueId}
              brandSlug={letter.brandSlug}
              channelSlug={letter.channelSlug}
              zone={zone}
              form={form}
              utmEnabled={isFeatureOn(FEATURE_FLAGS.utmTracking)}
              disabled={disabled}
              onBusyChange={busy.reporter('utm')}
              {...(now ? { now } : {})}
            />
            <PrivateSwitch letter={letter} segmentId={form.values.segmentId} disabled={disabled} />
            <Divider />
          </>
        )}
        <InboxPreview
          letterUniqueId={letter.uniqueId}
          form={form}
          title={title}
          onTitleChange={onTitleChange}
          aiEnabled={isFeatureOn(FEATURE_FLAGS.subjectGenerator)}
          disabled={disabled}
          onBusyChange={busy.reporter('suggest')}
        />
        <Divider />
        <SocialCardEditor letterUniqueId={letter.uniqueId} form={form} disabled={disabled} onBusyChange={busy.reporter('openGraph')} />
        {!template && <COMPOSER_PLUGINS.SchedulePromotions brandSlug={letter.brandSlug} channelSlug={letter.channelSlug} publicationDate={form.values.publicationDate} disabled={disabled} />}
      </Stack>
    </ScrollArea.Autosize>
  );
}

import { Accordion, Group, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { FEATURE_FLAGS } from '../../../../shared/model/feature-flags';
import type { Letter } from '../../../../shared/model/letter';
import { privateWhenScheduled } from '../../../../shared/rules/letter-privacy';
import { useCommandHandlers } from '../../../app/command-bus';
import { useFeatureFlags } from '../../../app/feature-flags';
import { COMPOSER_PLUGINS } from '../../../app/composer-plugins';
import type { RootState } from '../../../app/store';
import { SidebarSectionTitled } from '../../../block-kit/SidebarSection';
import { useGetInboxCompatibilityQuery, useGetPreviewQuery } from '../composer-api';
import { SPAM_CHECK_COMMANDS } from '../composer-commands';
import { AutomationTrigger } from './AutomationTrigger';
import { ContentCheck } from './ContentCheck';
import { InboxPreview } from './InboxPreview';
import { PrivateSwitch } from './PrivateSwitch';
import { ScheduleChecklist, type ChecklistItem } from './ScheduleChecklist';
import { scheduleFieldId } from './schedule-field-id';
import { contentSummary, inboxSummary, privacySummary, promotionsSummary, sendingSummary, socialSummary, triggerSummary } from './schedule-summaries';
import { SendingSettings } from './SendingSettings';
import { SocialCardEditor } from './SocialCardEditor';
import { useBusySources } from './use-busy-sources';
import type { AutomationForm, TriggerField } from './use-automation-form';
import type { ScheduleField, ScheduleForm } from './use-schedule-form';

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

type SectionKey = 'content' | 'sending' | 'privacy' | 'inbox' | 'social' | 'promotions' | 'trigger';

/** Which section holds each field the checklist can point at. */
const SECTION_OF: Record<ScheduleField | TriggerField, SectionKey> = {
  segmentId: 'sending',
  publicationDate: 'sending',
  title: 'inbox',
  subjectB: 'inbox',
  subtitle: 'inbox',
  openGraphHeadline: 'social',
  openGraphDescription: 'social',
  delayAmount: 'trigger',
  time: 'trigger',
  weekdays: 'trigger',
  dayOfMonth: 'trigger',
};

const FIELD_LABELS: Record<ScheduleField | TriggerField, string> = {
  segmentId: 'Audience',
  publicationDate: 'Date and time',
  title: 'Subject',
  subjectB: 'Subject B',
  subtitle: 'Preview text',
  openGraphHeadline: 'Headline',
  openGraphDescription: 'Description',
  delayAmount: 'Delay',
  time: 'Time',
  weekdays: 'Days of the week',
  dayOfMonth: 'Day of the month',
};

/**
 * The schedule step's sidebar (spec 1 §2): what still blocks the primary action, then
 * collapsible sections — Content check, Sending settings, Privacy (the Private switch),
 * Inbox preview, Social card, Promotions — each with a one-line summary when closed. A
 * template's configure step has Trigger in place of sending settings, privacy and
 * promotions. Sections that still need something start open; nothing else is remembered.
 */
export function ScheduleSidebar({ letter, revision, zone, form, title, onTitleChange, template, automation, disabled, onBusyChange, now = () => new Date() }: ScheduleSidebarProps) {
  const isFeatureOn = useFeatureFlags(letter.brandSlug, letter.channelSlug);
  const busy = useBusySources(onBusyChange);
  const settings = useSelector((state: RootState) => state.composer.settings);
  const preview = useGetPreviewQuery({ uniqueId: letter.uniqueId, revision });
  const mailSize = useGetInboxCompatibilityQuery({ uniqueId: letter.uniqueId, revision }).data?.mailSize;
  const utmEnabled = isFeatureOn(FEATURE_FLAGS.utmTracking);
  const withTrigger = Boolean(template && automation);

  // A template's activation waits for a valid trigger; a letter's Schedule for the form's fields.
  const items: ChecklistItem[] = template
    ? Object.entries(automation?.errors ?? {}).map(([field, message]) => ({ field, label: FIELD_LABELS[field as TriggerField], message }))
    : form.blockers.map(({ field, message }) => ({ field, label: field === 'title' && form.values.hasAbTest ? 'Subject A' : FIELD_LABELS[field], message }));

  const needsSomething = (): SectionKey[] => {
    const keys = new Set<SectionKey>();
    for (const { field } of form.blockers) {
      const section = SECTION_OF[field];
      // A template has no date; its audience is asked for under Trigger.
      if (template && section === 'sending') continue;
      keys.add(section);
    }
    if (template && automation && Object.keys(automation.errors).length > 0) keys.add('trigger');
    return [...keys];
  };
  const [open, setOpen] = useState<string[]>(needsSomething);
  const [focusing, setFocusing] = useState<string | null>(null);
  // Check Spam Score (menu, keyboard) opens the content check and runs its spam score.
  const [spamCheckRequest, setSpamCheckRequest] = useState(0);
  useCommandHandlers(SPAM_CHECK_COMMANDS, {
    'letter.checkSpamScore': () => {
      setOpen((current) => (current.includes('content') ? current : [...current, 'content']));
      setSpamCheckRequest((count) => count + 1);
    },
  });

  // The panel shows its fields once it is open: focus waits for that render.
  useEffect(() => {
    if (focusing === null) return;
    const element = document.getElementById(scheduleFieldId(focusing));
    element?.focus();
    element?.scrollIntoView?.({ block: 'nearest' });
    setFocusing(null);
  }, [focusing, open]);

  const pick = (field: string) => {
    const section = field === 'segmentId' && template ? 'trigger' : SECTION_OF[field as ScheduleField | TriggerField];
    setOpen((current) => (current.includes(section) ? current : [...current, section]));
    setFocusing(field);
  };

  const hasError = (fields: ScheduleField[]) => fields.some((field) => form.visibleError(field) !== undefined);
  const isPrivate = privateWhenScheduled(letter, form.values.segmentId);
  const utmParameters = utmEnabled && settings.utmEnabled ? settings.utm.length : null;
  const insights = preview.error ? undefined : preview.data?.insights;

  const section = (key: SectionKey, label: string, summary: string, error: boolean, body: ReactNode) => (
    <Accordion.Item value={key}>
      <Accordion.Control>
        <Stack gap={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {label}
            </Text>
            {error && (
              <>
                <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-hidden />
                <VisuallyHidden>(a field needs attention)</VisuallyHidden>
              </>
            )}
          </Group>
          {!open.includes(key) && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {summary}
            </Text>
          )}
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <SidebarSectionTitled.Provider value>{body}</SidebarSectionTitled.Provider>
      </Accordion.Panel>
    </Accordion.Item>
  );

  return (
    <ScrollArea.Autosize mah="calc(100vh - 220px)" style={{ width: 360, flexShrink: 0 }} aria-label="Schedule settings">
      <Stack gap="sm" pr="sm">
        <ScheduleChecklist items={items} action={template ? 'activate' : 'schedule'} onPick={pick} />
        <Accordion multiple value={open} onChange={setOpen} keepMounted keepMountedMode="display-none" variant="separated" chevronPosition="right">
          {section('content', 'Content check', contentSummary(insights, mailSize, preview.isFetching), false, <ContentCheck uniqueId={letter.uniqueId} revision={revision} spamCheckRequest={spamCheckRequest} />)}
          {withTrigger &&
            automation &&
            section(
              'trigger',
              'Trigger',
              triggerSummary(automation.settings, zone, now()),
              Object.keys(automation.errors).length > 0 || (automation.values.trigger === 'recurring' && hasError(['segmentId'])),
              <AutomationTrigger brandSlug={letter.brandSlug} channelSlug={letter.channelSlug} zone={zone} automation={automation} form={form} disabled={disabled} now={now} />,
            )}
          {!template &&
            section(
              'sending',
              'Sending settings',
              sendingSummary(form.values, zone, utmParameters),
              hasError(['segmentId', 'publicationDate']),
              <SendingSettings
                letterUniqueId={letter.uniqueId}
                brandSlug={letter.brandSlug}
                channelSlug={letter.channelSlug}
                zone={zone}
                form={form}
                utmEnabled={utmEnabled}
                disabled={disabled}
                onBusyChange={busy.reporter('utm')}
                now={now}
              />,
            )}
          {!template &&
            section('privacy', 'Privacy', privacySummary(isPrivate), false, <PrivateSwitch letter={letter} segmentId={form.values.segmentId} disabled={disabled} />)}
          {section(
            'inbox',
            'Inbox preview',
            inboxSummary(title, form.values),
            hasError(['title', 'subjectB', 'subtitle']),
            <InboxPreview
              letterUniqueId={letter.uniqueId}
              form={form}
              title={title}
              onTitleChange={onTitleChange}
              aiEnabled={isFeatureOn(FEATURE_FLAGS.subjectGenerator)}
              disabled={disabled}
              onBusyChange={busy.reporter('suggest')}
            />,
          )}
          {section(
            'social',
            'Social card',
            socialSummary(form.values),
            hasError(['openGraphHeadline', 'openGraphDescription']),
            <SocialCardEditor letterUniqueId={letter.uniqueId} form={form} disabled={disabled} onBusyChange={busy.reporter('openGraph')} />,
          )}
          {!template &&
            section(
              'promotions',
              'Promotions',
              promotionsSummary(settings.promotionAds, form.values.publicationDate),
              false,
              <COMPOSER_PLUGINS.SchedulePromotions brandSlug={letter.brandSlug} channelSlug={letter.channelSlug} publicationDate={form.values.publicationDate} disabled={disabled} />,
            )}
        </Accordion>
      </Stack>
    </ScrollArea.Autosize>
  );
}

import { Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { PREVIEW_TEXT_MAX } from '../../../../shared/contract/platform-letters';
import { previewTextCount } from '../../../../shared/rules/schedule';
import { AbTestSettings } from './AbTestSettings';
import { SidebarSection } from '../../../block-kit/SidebarSection';
import { SuggestButton } from './SuggestButton';
import { scheduleFieldId } from './schedule-field-id';
import type { ScheduleForm } from './use-schedule-form';

export interface InboxPreviewProps {
  letterUniqueId: string;
  form: ScheduleForm;
  /** The subject is the letter's title, owned by the page's title field. */
  title: string;
  onTitleChange: (title: string) => void;
  /** The subject generator flag (spec 1 §6). */
  aiEnabled: boolean;
  disabled?: boolean;
  onBusyChange?: (busy: boolean) => void;
}

/**
 * Inbox preview (spec 1 §2 INBOX PREVIEW): the A/B switch (subject A and subject B replace the subject, with the test's
 * sample and wait), the preview text with its counter, and AI generation when the flag is on.
 */
export function InboxPreview({ letterUniqueId, form, title, onTitleChange, aiEnabled, disabled, onBusyChange }: InboxPreviewProps) {
  const { values } = form;
  const generate = (field: 'subject' | 'previewText', onPick: (text: string) => void, label = 'Generate with AI') =>
    aiEnabled ? <SuggestButton letterUniqueId={letterUniqueId} field={field} label={label} disabled={disabled} onPick={onPick} onBusyChange={onBusyChange} /> : null;
  const subtitleError = form.visibleError('subtitle');

  return (
    <SidebarSection title="Inbox preview">
      <Switch label="A/B test" checked={values.hasAbTest} disabled={disabled} onChange={(event) => form.set('hasAbTest', event.currentTarget.checked)} />
      <Stack gap="xs">
        <TextInput
          label={values.hasAbTest ? 'Subject A' : 'Subject'}
          id={scheduleFieldId('title')}
          // Spec 1 §3: the subject is the letter's title, one value, so editing it here renames the letter.
          description="This is the letter’s title too."
          withAsterisk
          value={title}
          error={form.visibleError('title')}
          disabled={disabled}
          onChange={(event) => onTitleChange(event.currentTarget.value)}
          onBlur={() => form.touch('title')}
        />
        {generate('subject', onTitleChange, values.hasAbTest ? 'Generate subject A' : 'Generate subject')}
        {values.hasAbTest && (
          <>
            <TextInput
              label="Subject B"
              id={scheduleFieldId('subjectB')}
              withAsterisk
              value={values.subjectB}
              error={form.visibleError('subjectB')}
              disabled={disabled}
              onChange={(event) => form.set('subjectB', event.currentTarget.value)}
              onBlur={() => form.touch('subjectB')}
            />
            {generate('subject', (text) => form.set('subjectB', text), 'Generate subject B')}
            <AbTestSettings disabled={disabled} />
          </>
        )}
        <Textarea
          label="Preview text"
          id={scheduleFieldId('subtitle')}
          withAsterisk
          rows={3}
          value={values.subtitle}
          // Within the limit a neutral count; past it the spec's hint is the error (it carries the count itself).
          description={subtitleError && values.subtitle.length > PREVIEW_TEXT_MAX ? undefined : previewTextCount(values.subtitle)}
          error={subtitleError}
          disabled={disabled}
          onChange={(event) => form.set('subtitle', event.currentTarget.value)}
          onBlur={() => form.touch('subtitle')}
        />
        {generate('previewText', (text) => form.set('subtitle', text), 'Generate preview text')}
      </Stack>
    </SidebarSection>
  );
}

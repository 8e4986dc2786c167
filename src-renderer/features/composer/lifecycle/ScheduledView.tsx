import { Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Letter } from '../../../../shared/model/letter';
import { PublicationStatus } from '../../../../shared/model/publication';
import { formatSendDate } from '../../../../shared/rules/schedule-dates';
import { TemplateAutomationStatus } from './TemplateAutomationStatus';

/**
 * A scheduled letter or an active template (spec 1 §2): 'Great job', then DETAILS with the
 * send date ('MMM DD, YYYY at h:mm a z' in the letter's zone), the audience, and the
 * subject and preview text, read-only. Pause and edit in the action bar makes it editable.
 * An active template says what its automation does instead of a send date (issue 32).
 * `notice` goes under the heading: what changed since it was scheduled (promotions approved since).
 */
export function ScheduledView({ letter, zone, notice }: { letter: Letter; zone: string; notice?: ReactNode }) {
  const template = letter.publicationStatus === PublicationStatus.templateConfigured;
  return (
    <Paper withBorder p="xl" maw={640} w="100%" mx="auto" aria-label={template ? 'Active template' : 'Scheduled newsletter'} component="section">
      <Stack gap="md">
        <div>
          <Title order={2}>Great job</Title>
          <Text c="dimmed">{template ? 'Your template is active.' : 'Your newsletter is scheduled. It will go out to your audience at the time below.'}</Text>
        </div>
        {template && <TemplateAutomationStatus letter={letter} zone={zone} />}
        {notice}
        <Text size="xs" fw={700} c="dimmed" style={{ letterSpacing: 0.5 }}>
          DETAILS
        </Text>
        {letter.publicationDate && (
          <TextInput label="Send date" readOnly value={formatSendDate(letter.publicationDate, letter.publicationDateTzCode ?? zone)} />
        )}
        {!template && <TextInput label="Audience" readOnly value={letter.segmentName ?? ''} />}
        <TextInput label={letter.hasAbTest ? 'Subject A' : 'Subject'} readOnly value={letter.title} />
        {letter.hasAbTest && <TextInput label="Subject B" readOnly value={letter.subjectB} />}
        <Textarea label="Preview text" readOnly rows={3} value={letter.subtitle} />
      </Stack>
    </Paper>
  );
}

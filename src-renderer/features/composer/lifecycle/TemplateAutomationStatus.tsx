import { Alert, Anchor, List, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { letterPath } from '../../../../shared/app-paths';
import type { TemplateAutomation } from '../../../../shared/contract/platform-automations';
import type { Letter } from '../../../../shared/model/letter';
import { delayText, formatNextRun, recurrenceText, sentCountText, waitingCountText } from '../../../../shared/rules/automation-display';
import { errorMessage, useTemplateAutomationQuery } from './lifecycle-api';

/** Welcomes go out as readers join; half a minute keeps the count close without asking all the time. */
export const AUTOMATION_POLL_MS = 30_000;

export const AUTOMATION_STATUS_TEXT = {
  offline: 'What this template does cannot be read while offline. It shows again once the platform can be reached.',
  waits: 'Waits for new subscribers',
  noTrigger: 'It has no trigger, so it sends nothing. Deactivate it to choose one.',
  stopped: 'It is not running.',
} as const;

/**
 * What an active template does and has done (issue 32), read from the platform while shown
 * (every 30 s, and when the window gets focus again): that it waits for new subscribers and
 * after what delay, or its next run on the channel's clock; how many emails it has sent;
 * welcomes still waiting; a recurring template's latest runs, each edition linked.
 */
export function TemplateAutomationStatus({ letter, zone }: { letter: Letter; zone: string }) {
  const { data, error, isLoading } = useTemplateAutomationQuery(
    { uniqueId: letter.uniqueId },
    { pollingInterval: AUTOMATION_POLL_MS, refetchOnFocus: true, refetchOnMountOrArgChange: true, skipPollingIfUnfocused: true },
  );
  if (isLoading) return <Loader size="sm" aria-label="Reading what the template does" />;
  if (error) return <Alert color="red">{errorMessage(error, 'Sorry, what this template does could not be read.')}</Alert>;
  if (!data || data.offline || !data.status) return <Text c="dimmed">{AUTOMATION_STATUS_TEXT.offline}</Text>;
  return <StatusLines status={data.status} letter={letter} zone={zone} />;
}

function StatusLines({ status, letter, zone }: { status: TemplateAutomation; letter: Letter; zone: string }) {
  const { automation } = status;
  return (
    <Stack gap={4} aria-label="Automation" component="section">
      {!automation ? (
        <Text>{AUTOMATION_STATUS_TEXT.noTrigger}</Text>
      ) : status.waitsForNewSubscribers && automation.trigger === 'newSubscriber' ? (
        <>
          <Text fw={600}>{AUTOMATION_STATUS_TEXT.waits}</Text>
          <Text size="sm" c="dimmed">
            Each one gets it {delayText(automation.delay)}.
          </Text>
        </>
      ) : status.nextRunAt ? (
        <>
          <Text fw={600}>Next run: {formatNextRun(status.nextRunAt, zone)}</Text>
          {automation.trigger === 'recurring' && (
            <Text size="sm" c="dimmed">
              {recurrenceText(automation.schedule)}
            </Text>
          )}
        </>
      ) : (
        <Text>{AUTOMATION_STATUS_TEXT.stopped}</Text>
      )}
      <Text>{sentCountText(status.sentCount)}</Text>
      {status.waitingCount > 0 && <Text>{waitingCountText(status.waitingCount)}</Text>}
      {status.runs.length > 0 && (
        <>
          <Text size="sm" fw={600} c="dimmed" mt="sm">
            Recent runs
          </Text>
          <List size="sm" spacing={2}>
            {status.runs.map((run) => (
              <List.Item key={run.runAt}>
                {formatNextRun(run.runAt, zone)}:{' '}
                {run.outcome === 'sent' && run.letterId !== null ? (
                  <Anchor component={Link} to={letterPath(letter.brandSlug, letter.channelSlug, run.letterId)}>
                    sent, see the edition
                  </Anchor>
                ) : (
                  run.message || 'skipped'
                )}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}

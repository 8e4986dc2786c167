import { Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { SPAM_CHECK_FAILED_MESSAGE } from '../../../../shared/contract/platform-spam-check';
import type { SpamCheckResponse, SpamRule } from '../../../../shared/contract/platform-spam-check';
import { errorMessage } from '../../../app/bridge-errors';
import { useCheckSpamScoreMutation } from './spam-check-api';

// The CONTENT CHECK's spam score (issue 35; docs/decisions.md "Spam check before sending"):
// on demand, since it needs the platform and SpamAssassin takes a few seconds. The email
// is built as a test send builds it, and nothing is sent. Rules that cost points are listed,
// each with what to change; rules that only inform share one line at the end.

export const SPAM_PART_TITLE = 'Spam score';
export const CHECK_SPAM_LABEL = 'Check spam score';
export const CHECK_AGAIN_LABEL = 'Check again';
export const SPAM_INTRO = "SpamAssassin on the platform scores this letter's email as a mail server would. Nothing is sent.";
export const SPAM_STALE_NOTE = 'You have edited the letter since this check: check again to score the changes.';
export const SPAM_RULES_LABEL = 'What raised the score';
export const SPAM_PASSES = 'Passes';
export const SPAM_FAILS = 'Likely spam';

const points = (value: number) => (Math.abs(value) < 0.05 ? '0' : value.toFixed(1));
/** 'Spam score 2.4 of 5 (lower is better)'. */
export const spamSummary = (score: number, threshold: number) => `Spam score ${points(score)} of ${Number(threshold.toFixed(1))} (lower is better)`;
/** Worth the editor's attention: it costs points (SpamAssassin scores some rules 0.001 only to note them). */
const counts = (rule: SpamRule) => rule.score >= 0.05;

function RuleLine({ rule }: { rule: SpamRule }) {
  return (
    <List.Item>
      <Text size="sm" component="div">
        <Text span fw={500}>
          {rule.description}
        </Text>{' '}
        <Text span c="dimmed" size="xs">
          ({rule.score > 0 ? '+' : ''}
          {points(rule.score)}, {rule.name})
        </Text>
      </Text>
      {rule.advice && (
        <Text size="sm" c="dimmed">
          {rule.advice}
        </Text>
      )}
    </List.Item>
  );
}

function Result({ answer }: { answer: SpamCheckResponse }) {
  if (answer.score === null) {
    return (
      <Text size="sm" c="dimmed">
        {answer.message ?? SPAM_CHECK_FAILED_MESSAGE}
      </Text>
    );
  }
  const passes = answer.score < answer.threshold;
  const raising = answer.rules.filter(counts);
  const informing = answer.rules.filter((rule) => !counts(rule));
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{spamSummary(answer.score, answer.threshold)}</Text>
        <Badge size="sm" variant="light" color={passes ? 'teal' : 'red'} style={{ flexShrink: 0 }}>
          {passes ? SPAM_PASSES : SPAM_FAILS}
        </Badge>
      </Group>
      {raising.length > 0 && (
        <List size="sm" spacing={4} aria-label={SPAM_RULES_LABEL}>
          {raising.map((rule) => (
            <RuleLine key={rule.name} rule={rule} />
          ))}
        </List>
      )}
      {informing.length > 0 && (
        <Text size="xs" c="dimmed">
          Also noted: {[...new Set(informing.map((rule) => rule.description.replace(/\.$/, '')))].join('; ')}.
        </Text>
      )}
    </Stack>
  );
}

/** `request`: counts Check Spam Score commands (menu, keyboard); each new one runs the check. */
export function SpamScore({ uniqueId, revision, request = 0 }: { uniqueId: string; revision: string; request?: number }) {
  const [check, { data, error, isLoading }] = useCheckSpamScoreMutation();
  // The letter's revision when the shown answer was asked for: later edits make it stale.
  const [checkedRevision, setCheckedRevision] = useState<string | null>(null);
  const group = useRef<HTMLDivElement>(null);
  const run = () => {
    setCheckedRevision(revision);
    void check({ uniqueId });
  };
  useEffect(() => {
    if (request === 0) return;
    group.current?.scrollIntoView?.({ block: 'nearest' });
    run();
  }, [request]); // eslint-disable-line react-hooks/exhaustive-deps
  const answer = error ? undefined : data;
  return (
    <Stack gap={6} aria-label={SPAM_PART_TITLE} role="group" ref={group}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={500}>
          {SPAM_PART_TITLE}
        </Text>
        <Button size="compact-xs" variant="light" leftSection={<IconShieldCheck size={14} />} loading={isLoading} onClick={run}>
          {answer || error ? CHECK_AGAIN_LABEL : CHECK_SPAM_LABEL}
        </Button>
      </Group>
      {!answer && !error && (
        <Text size="xs" c="dimmed">
          {SPAM_INTRO}
        </Text>
      )}
      {error !== undefined && !isLoading && (
        <Text size="sm" c="red">
          {errorMessage(error, SPAM_CHECK_FAILED_MESSAGE)}
        </Text>
      )}
      {answer && !isLoading && <Result answer={answer} />}
      {answer && !isLoading && checkedRevision !== null && checkedRevision !== revision && (
        <Text size="xs" c="orange">
          {SPAM_STALE_NOTE}
        </Text>
      )}
    </Stack>
  );
}

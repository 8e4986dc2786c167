import { Alert, Badge, Button, Group, Modal, Paper, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { AbTestMetrics } from '../../../shared/model/letter';
import type { AbTestSettings } from '../../../shared/model/letter-settings';
import { formatRate } from '../../../shared/model/metrics-formulas';
import { formatAbWait } from '../../../shared/rules/ab-test';

/** Spec 1 §8's banner (variantRecipientsCount '-'), worded for what the modal shows in each case. */
export const AB_RESULTS_NOT_READY = 'No results yet: the sample has not gone out. Check back once it has.';
export const AB_TEST_RUNNING =
  'The test is still running: the table shows the sample so far. The winning subject has not gone to the rest of the audience yet, so how many readers it reaches is not known.';

export interface AbTestCardProps {
  subjectA: string;
  subjectB: string;
  /** null until the platform has sent the sample. */
  results: AbTestMetrics | null;
  /** The letter is on its way out (spec 1 §4: the badge shows during the sending statuses). */
  inProgress: boolean;
  /**
   * The letter's own sample share and wait (its A/B settings, the defaults when it has none):
   * the modal states what this test did, not spec 1 §9's fixed 10 % and 4 hours.
   */
  settings: AbTestSettings;
}

const rate = (value: number) => formatRate(Math.round(value * 10) / 10);

function Subject({ label, subject, winner }: { label: string; subject: string; winner: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text fw={700}>{label}</Text>
      <Text style={{ flex: 1 }} truncate>
        {subject}
      </Text>
      {winner && (
        <Badge color="teal" variant="light">
          Winner
        </Badge>
      )}
    </Group>
  );
}

/** The A/B test card (spec 1 §2): both subjects, the winner, open rates, and a details modal. */
export function AbTestCard({ subjectA, subjectB, results, inProgress, settings }: AbTestCardProps) {
  const [open, setOpen] = useState(false);
  // The winner has gone out once the platform knows how many got it; till then the test runs.
  const finished = results !== null && results.variantRecipientsCount !== '-';
  const running = results !== null && !finished;
  return (
    <Paper withBorder p="md" component="section" aria-label="A/B test">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={3} size="h4">
            A/B test
          </Title>
          {inProgress && (
            <Badge color="blue" variant="light">
              in progress
            </Badge>
          )}
        </Group>
        <Button variant="default" size="xs" onClick={() => setOpen(true)}>
          Details
        </Button>
      </Group>
      <Subject label="A" subject={subjectA} winner={results?.winner === 'A'} />
      <Subject label="B" subject={subjectB} winner={results?.winner === 'B'} />
      {results ? (
        <Text size="sm" c="dimmed" mt="xs">
          Open rate A {rate(results.openRateA)} · B {rate(results.openRateB)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" mt="xs">
          No results yet.
        </Text>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title="A/B test details" size="lg">
        {!results && (
          <Alert color="red" mb="md" title="Results not ready">
            {AB_RESULTS_NOT_READY}
          </Alert>
        )}
        {running && (
          <Alert color="red" mb="md" title="Test still running">
            {AB_TEST_RUNNING}
          </Alert>
        )}
        <Text size="sm" mb="sm">
          {finished
            ? `Subjects A and B each went to ${settings.samplePercent}% of the audience. After ${formatAbWait(settings.waitMinutes)}, the subject with the higher open rate went to everyone else.`
            : `Subjects A and B each go to ${settings.samplePercent}% of the audience. After ${formatAbWait(settings.waitMinutes)}, the subject with the higher open rate goes to everyone else.`}
        </Text>
        {results && (
          <>
            <Text size="sm" mb="sm">
              {running ? 'Sample so far' : 'Sample size'}: {results.sampleSize.toLocaleString('en-US')} recipients
              {/* The platform's variantRecipientsCount is the rest of the audience, who got the winner (docs/decisions.md, A/B test). */}
              {results.variantRecipientsCount !== '-' && ` · ${results.variantRecipientsCount.toLocaleString('en-US')} got the winning subject`}
            </Text>
            <Table aria-label="A/B test results">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th ta="right">Delivered</Table.Th>
                  <Table.Th ta="right">Opens</Table.Th>
                  <Table.Th ta="right">Open rate</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(
                  [
                    ['A', subjectA, results.acceptA, results.openA, results.openRateA],
                    ['B', subjectB, results.acceptB, results.openB, results.openRateB],
                  ] as const
                ).map(([variant, subject, accepted, opens, openRate]) => (
                  <Table.Tr key={variant}>
                    <Table.Td>
                      {variant}: {subject} {results.winner === variant && '(winner)'}
                    </Table.Td>
                    <Table.Td ta="right">{accepted}</Table.Td>
                    <Table.Td ta="right">{opens}</Table.Td>
                    <Table.Td ta="right">{rate(openRate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Modal>
    </Paper>
  );
}

import { Accordion, Badge, Button, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { FamilyFindingsView } from '../../../../shared/contract/inbox-compatibility';
import type { RootState } from '../../../app/store';
import { useGetInboxCompatibilityQuery } from '../composer-api';
import { sectionSelected } from '../../../block-kit/composer-slice';

// The CONTENT CHECK's inbox compatibility (docs/decisions.md "Inbox compatibility in the
// content check"): per mail client family, the blocks that will not show as designed there,
// from caniemail's data shipped with the app. Families with findings are listed, closed,
// with how many blocks; the others share one line. A finding selects its block.

export const INBOX_PART_TITLE = 'In the inboxes';
export const INBOX_FAILED_MESSAGE = 'The inboxes could not be checked.';
export const INBOX_SOURCE_NOTE = "From caniemail.com's support data, shipped with the app.";
/** Lines shown in an open family before 'Show all'. */
export const FINDINGS_SHOWN = 8;

export const allClearMessage = (labels: readonly string[]) => `Shows as designed in ${labels.join(', ')}.`;
/** Where the selected block is edited: the schedule step shows the email, the canvas is behind 'Continue editing'. */
export const selectedMessage = (block: string) => `${block} is selected: choose Continue editing to change it.`;
export const blockLabel = (block: { name: string; position: number }) => `${block.name} (block ${block.position})`;
const blockCount = (n: number) => `${n} ${n === 1 ? 'block' : 'blocks'}`;

type Found = FamilyFindingsView['blocks'][number];

/** 'border-radius — corners show square', with the clients when only some of the family lack it. */
function featureText({ feature, effect, clients }: Found['features'][number]): string {
  const where = clients.length > 0 ? ` (${clients.join(', ')})` : '';
  return `${feature}${where}${effect ? ` — ${effect}` : ''}`;
}

function FindingLine({ found, selectedId }: { found: Found; selectedId: string | null }) {
  const dispatch = useDispatch();
  const what = found.features.map(featureText).join('; ');
  const { block } = found;
  if (!block) {
    return (
      <Text size="sm">
        <Text span fw={500}>
          The letter&apos;s frame
        </Text>
        : {what}
      </Text>
    );
  }
  const selected = block.uniqueId === selectedId;
  return (
    <UnstyledButton
      onClick={() => dispatch(sectionSelected(block.uniqueId))}
      aria-current={selected ? 'true' : undefined}
      aria-label={`${blockLabel(block)}: ${what}`}
      px={4}
      style={{ borderRadius: 4, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
    >
      <Text size="sm" component="span">
        <Text span fw={500} c="blue">
          {blockLabel(block)}
        </Text>
        : {what}
      </Text>
    </UnstyledButton>
  );
}

function FamilyPanel({ family, selectedId }: { family: FamilyFindingsView; selectedId: string | null }) {
  const [all, setAll] = useState(false);
  const shown = all ? family.blocks : family.blocks.slice(0, FINDINGS_SHOWN);
  return (
    <Stack gap={4} align="flex-start">
      {shown.map((found) => (
        <FindingLine key={found.block?.uniqueId ?? 'frame'} found={found} selectedId={selectedId} />
      ))}
      {shown.length < family.blocks.length && (
        <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)}>
          Show all {family.blocks.length}
        </Button>
      )}
    </Stack>
  );
}

export function InboxCompatibility({ uniqueId, revision }: { uniqueId: string; revision: string }) {
  const { data, error, isFetching } = useGetInboxCompatibilityQuery({ uniqueId, revision });
  const selectedId = useSelector((state: RootState) => state.composer.selectedId);
  const families = error ? [] : (data?.families ?? []);
  const withFindings = families.filter((family) => family.blocks.length > 0);
  const clear = families.filter((family) => family.blocks.length === 0).map((family) => family.label);
  const selected = withFindings.flatMap((family) => family.blocks).find((found) => found.block?.uniqueId === selectedId)?.block;
  return (
    <Stack gap={6} aria-label={INBOX_PART_TITLE} role="group">
      <Group gap={6}>
        <Text size="sm" fw={500}>
          {INBOX_PART_TITLE}
        </Text>
        {isFetching && <Loader size="xs" aria-label="Checking the inboxes" />}
      </Group>
      {error !== undefined && (
        <Text size="sm" c="dimmed">
          {INBOX_FAILED_MESSAGE}
        </Text>
      )}
      {withFindings.length > 0 && (
        <Accordion multiple variant="contained" chevronPosition="right" keepMounted={false}>
          {withFindings.map((family) => (
            <Accordion.Item key={family.family} value={family.family}>
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap" pr="xs">
                  <Text size="sm">{family.label}</Text>
                  <Badge size="sm" variant="light" color="orange">
                    {blockCount(family.blocks.length)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <FamilyPanel family={family} selectedId={selectedId} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
      {selected && (
        <Text size="xs" c="dimmed">
          {selectedMessage(blockLabel(selected))}
        </Text>
      )}
      {clear.length > 0 && (
        <Text size="sm" c="teal">
          {allClearMessage(clear)}
        </Text>
      )}
      {data && !error && (
        <Text size="xs" c="dimmed">
          {INBOX_SOURCE_NOTE}
        </Text>
      )}
    </Stack>
  );
}

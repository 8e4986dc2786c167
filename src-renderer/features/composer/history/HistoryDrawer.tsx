import { Alert, Badge, Button, Group, Loader, ScrollArea, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconRestore } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSelector } from 'react-redux';
import type { HistoryVersion } from '../../../../shared/contract/bridge-history';
import type { VersionContentPayload } from '../../../../shared/contract/platform-revisions';
import { BLOCK_NAMES } from '../../../../shared/model/block-names';
import type { Letter } from '../../../../shared/model/letter';
import { groupEditingSessions, restoredFrom } from '../../../../shared/model/letter-history';
import { effectiveDesktopWidth } from '../../../../shared/model/letter-settings';
import { parseSections, type Section } from '../../../../shared/model/section';
import { diffSections, type SectionChange, type SectionDifference } from '../../../../shared/model/section-diff';
import { formatDateTime, formatTimeWithSeconds } from '../../../../shared/rules/display-dates';
import type { RootState } from '../../../app/store';
import { FRAME_BORDER, PreviewFrame, previewScale } from '../../../ui/email-preview/PreviewFrame';
import { Flyout } from '../../../ui/Flyout';
import { useGetPreviewQuery } from '../composer-api';
import { useGetLetterHistoryQuery, useGetLetterVersionQuery, useGetVersionPreviewQuery } from './history-api';

const CHANGE_LABELS: Record<SectionChange, { label: string; color: string }> = {
  added: { label: 'Added since', color: 'teal' },
  removed: { label: 'Removed since', color: 'red' },
  changed: { label: 'Changed since', color: 'orange' },
};

const edits = (count: number) => `${count} ${count === 1 ? 'edit' : 'edits'}`;

/** A section's words, shortened, so the editor can tell which paragraph changed. */
function excerpt(section: Section | undefined): string {
  const text = (section?.delta.ops ?? []).map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('').replace(/\s+/g, ' ').trim();
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * Version history (issue 35): the letter's versions grouped by editing session, newest
 * first; choosing one shows it beside the current version with the sections that differ;
 * 'Restore this version' hands its blocks and styles to the composer as one undoable edit.
 */
export function HistoryDrawer({
  opened,
  onClose,
  letter,
  zone,
  revision,
  canRestore,
  onRestore,
}: {
  opened: boolean;
  onClose: () => void;
  letter: Letter;
  /** The channel's timezone: dates are shown on its clock. */
  zone: string;
  /** The current version's local save, so its preview follows the canvas. */
  revision: string;
  canRestore: boolean;
  onRestore: (content: VersionContentPayload, savedAt: string) => void;
}) {
  const history = useGetLetterHistoryQuery({ uniqueId: letter.uniqueId }, { skip: !opened, refetchOnMountOrArgChange: true });
  const [chosen, setChosen] = useState<string | null>(null);
  const versions = history.data?.versions;
  const sessions = useMemo(() => groupEditingSessions(versions ?? []), [versions]);
  const restores = useMemo(() => restoredFrom(versions ?? []), [versions]);
  const close = () => (setChosen(null), onClose());

  return (
    <Flyout opened={opened} onClose={close} title="Version history" size="95%">
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap="xs" w={320} style={{ flexShrink: 0 }}>
          {history.data && !history.data.platformReached && history.data.platformMessage && (
            <Alert color="gray" variant="light">
              {history.data.platformMessage}
            </Alert>
          )}
          {history.isLoading && <Loader aria-label="Loading versions" />}
          {history.error && <Alert color="red">{'message' in history.error ? String(history.error.message) : 'The versions could not be read.'}</Alert>}
          {versions?.length === 0 && <Text c="dimmed">No earlier versions yet: they are kept as you edit.</Text>}
          <ScrollArea.Autosize mah="75vh">
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Editing sessions">
              {sessions.map((session) => {
                const head = session.versions[0]!;
                return (
                  <li key={head.key}>
                    <Text size="sm" fw={600}>
                      {head.mine ? 'You' : (head.authorName ?? 'The platform')} · {formatDateTime(session.endedAt, zone)} · {edits(session.versions.length)}
                    </Text>
                    <Stack gap={2} mt={4}>
                      {session.versions.map((version) => (
                        <VersionButton
                          key={version.key}
                          version={version}
                          zone={zone}
                          restoredFrom={restores.get(version.key)?.savedAt}
                          selected={chosen === version.key}
                          onSelect={() => setChosen(version.key)}
                        />
                      ))}
                    </Stack>
                  </li>
                );
              })}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
        {chosen ? (
          <VersionComparison key={chosen} letter={letter} versionKey={chosen} zone={zone} revision={revision} canRestore={canRestore} onRestore={(content, savedAt) => (onRestore(content, savedAt), close())} />
        ) : (
          <Text c="dimmed" mt="md">
            Choose a version to see it beside the current one.
          </Text>
        )}
      </Group>
    </Flyout>
  );
}

function VersionButton({ version, zone, restoredFrom: from, selected, onSelect }: { version: HistoryVersion; zone: string; restoredFrom: string | undefined; selected: boolean; onSelect: () => void }) {
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-pressed={selected}
      px="xs"
      py={4}
      style={{ borderRadius: 4, background: selected ? 'var(--mantine-color-blue-light)' : undefined }}
    >
      <Group gap={6} wrap="nowrap">
        <Text size="sm">{formatTimeWithSeconds(version.savedAt, zone)}</Text>
        {version.source === 'local' && (
          <Badge size="xs" variant="light" color="gray" tt="none">
            This computer
          </Badge>
        )}
      </Group>
      {from && (
        <Text size="xs" c="dimmed">
          Restored from {formatDateTime(from, zone)}
        </Text>
      )}
    </UnstyledButton>
  );
}

function VersionComparison({
  letter,
  versionKey,
  zone,
  revision,
  canRestore,
  onRestore,
}: {
  letter: Letter;
  versionKey: string;
  zone: string;
  revision: string;
  canRestore: boolean;
  onRestore: (content: VersionContentPayload, savedAt: string) => void;
}) {
  const version = useGetLetterVersionQuery({ uniqueId: letter.uniqueId, key: versionKey });
  const content = version.data?.content;
  const shown = useMemo(() => (content ? { ...letter, blocks: content.blocks, settings: content.settings } : null), [letter, content]);
  const older = useGetVersionPreviewQuery({ letter: shown! }, { skip: shown === null });
  const current = useGetPreviewQuery({ uniqueId: letter.uniqueId, revision });
  const present = useSelector((state: RootState) => (state.composer.letterUniqueId === letter.uniqueId ? state.composer.present : null));
  const olderSections = useMemo(() => {
    try {
      return content ? parseSections(content.blocks) : null;
    } catch {
      return null;
    }
  }, [content]);
  const differences = useMemo(() => (olderSections && present ? diffSections(olderSections, present) : []), [olderSections, present]);

  if (version.error) return <Alert color="red">{'message' in version.error ? String(version.error.message) : 'This version could not be read.'}</Alert>;
  if (!version.data || !shown) return <Loader aria-label="Loading version" />;
  const sectionOf = (difference: SectionDifference) =>
    (difference.change === 'removed' ? olderSections : present)?.find((s) => s.uniqueId === difference.uniqueId);

  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between">
        <Title order={4} size="h5">
          Version of {formatDateTime(version.data.savedAt, zone)}
        </Title>
        <Button leftSection={<IconRestore size={16} />} disabled={!canRestore} onClick={() => onRestore(version.data!.content, version.data!.savedAt)}>
          Restore this version
        </Button>
      </Group>
      {differences.length === 0 ? (
        <Text size="sm" c="dimmed">
          Its blocks are the same as now.
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-label="Sections that differ" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {differences.map((difference) => (
            <Group key={`${difference.change}:${difference.uniqueId}`} gap="xs" component="li" wrap="nowrap">
              <Badge size="sm" variant="light" color={CHANGE_LABELS[difference.change].color} tt="none" w={120}>
                {CHANGE_LABELS[difference.change].label}
              </Badge>
              <Text size="sm" fw={500}>
                {BLOCK_NAMES[difference.type]}
              </Text>
              <Text size="sm" c="dimmed" truncate>
                {excerpt(sectionOf(difference))}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      <Group align="flex-start" gap="md" wrap="nowrap" grow>
        <PreviewColumn label="This version" html={older.data?.html} error={older.error !== undefined} width={effectiveDesktopWidth(shown.settings)} />
        <PreviewColumn label="Current version" html={current.data?.html} error={current.error !== undefined} width={effectiveDesktopWidth(letter.settings)} />
      </Group>
    </Stack>
  );
}

function PreviewColumn({ label, html, error, width }: { label: string; html: string | undefined; error: boolean; width: number }) {
  const { ref, width: available } = useElementSize();
  return (
    <Stack ref={ref} gap={4} align="center" role="group" aria-label={label} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {error ? <Alert color="red">The preview could not be made.</Alert> : html === undefined ? <Loader size="sm" /> : <PreviewFrame html={html} width={width} scale={previewScale(available, width + FRAME_BORDER)} />}
    </Stack>
  );
}

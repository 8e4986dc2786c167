import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { EventPayload } from '../../../shared/contract/bridge';
import { getBridge } from '../../app/bridge';
import { letterPath } from '../../../shared/app-paths';

type Conflict = EventPayload<'letters.conflict'>;

/** Tells the editor when their edits lost to a newer version, with a link to both letters. */
export function ConflictNotices() {
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  useEffect(() => getBridge().on('letters.conflict', (conflict) => setConflicts((list) => [...list, conflict])), []);
  if (conflicts.length === 0) return null;

  const dismiss = (copyUniqueId: string) => setConflicts((list) => list.filter((c) => c.copyUniqueId !== copyUniqueId));
  return (
    <Stack gap="xs" p="md" pb={0}>
      {conflicts.map((c) => (
        <Alert key={c.copyUniqueId} color="yellow" title="This letter was changed elsewhere" withCloseButton onClose={() => dismiss(c.copyUniqueId)}>
          “{c.title}” was saved by someone else first. Your edits are kept in “{c.copyTitle}”.
          <Group gap="md" mt="xs">
            <Anchor component={Link} to={letterPath(c.brandSlug, c.channelSlug, c.uniqueId)} onClick={() => dismiss(c.copyUniqueId)}>
              Open the current version
            </Anchor>
            <Anchor component={Link} to={letterPath(c.brandSlug, c.channelSlug, c.copyUniqueId)} onClick={() => dismiss(c.copyUniqueId)}>
              Open your copy
            </Anchor>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

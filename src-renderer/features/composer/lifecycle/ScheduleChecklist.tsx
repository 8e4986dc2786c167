import { Group, List, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleDashed } from '@tabler/icons-react';

export interface ChecklistItem {
  /** The field to open and focus. */
  field: string;
  label: string;
  message: string;
}

/**
 * What still blocks the primary action, at the top of the step: each item opens its
 * section and focuses the field. The items come from the validation the button reads.
 */
export function ScheduleChecklist({ items, action, onPick }: { items: ChecklistItem[]; action: string; onPick: (field: string) => void }) {
  if (items.length === 0) {
    return (
      <Text size="sm" c="teal.9" fw={500} role="status">
        Ready to {action}
      </Text>
    );
  }
  return (
    <Stack gap={4} component="section" aria-labelledby="schedule-checklist-heading">
      <Text id="schedule-checklist-heading" size="sm" fw={600}>
        Before you can {action}
      </Text>
      <List size="sm" spacing={2} listStyleType="none" withPadding={false}>
        {items.map((item) => (
          <List.Item key={item.field}>
            {/* A to-do, not an error: the fields say what is wrong once the editor has been there. */}
            <UnstyledButton onClick={() => onPick(item.field)} style={{ textAlign: 'left' }} fz="sm">
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconCircleDashed size={16} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-dimmed)" aria-hidden />
                <Text component="span" size="sm" td="underline">
                  {item.label}: {item.message}
                </Text>
              </Group>
            </UnstyledButton>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

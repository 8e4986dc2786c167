import { ActionIcon, Alert, Box, CloseButton, Drawer, Group, Menu, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useRef, type ReactNode } from 'react';

export interface FlyoutMoreOption {
  label: string;
  onClick: () => void;
}

/**
 * Spec 3 §2 side flyout: a drawer with optional Edit, Clone, Delete and More options
 * buttons, a notice banner, the content and an optional fixed footer. Clicking the backdrop
 * closes it unless a modifier key (Shift, Ctrl, Alt, Cmd) is held, so a modified click
 * meant for something else does not throw the editor's place away.
 */
export function Flyout(props: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  notice?: ReactNode;
  footer?: ReactNode;
  onEdit?: () => void;
  onClone?: () => void;
  onDelete?: () => void;
  moreOptions?: FlyoutMoreOption[];
  size?: string | number;
}) {
  const { opened, onClose, title, children, notice, footer, onEdit, onClone, onDelete, moreOptions = [], size = 'md' } = props;
  const modified = useRef(false);

  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size={size} closeOnClickOutside={false}>
      <Drawer.Overlay
        data-testid="flyout-backdrop"
        onMouseDown={(event) => {
          modified.current = event.shiftKey || event.ctrlKey || event.altKey || event.metaKey;
        }}
        onClick={(event) => {
          const held = modified.current || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey;
          modified.current = false;
          if (!held) onClose();
        }}
      />
      {/* `styles.content`, not `style`: Drawer.Content puts its `style` on the positioning
          wrapper too, and a column there dropped the flyout to the bottom-left (issue 37). */}
      <Drawer.Content aria-label={title} styles={{ content: { display: 'flex', flexDirection: 'column' } }}>
        <Drawer.Header>
          <Drawer.Title>
            <Title order={3} size="h4">
              {title}
            </Title>
          </Drawer.Title>
          <Group gap={4}>
            {onEdit && (
              <Tooltip label="Edit">
                <ActionIcon variant="subtle" color="gray" aria-label="Edit" onClick={onEdit}>
                  <IconPencil size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {onClone && (
              <Tooltip label="Clone">
                <ActionIcon variant="subtle" color="gray" aria-label="Clone" onClick={onClone}>
                  <IconCopy size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {onDelete && (
              <Tooltip label="Delete">
                <ActionIcon variant="subtle" color="red" aria-label="Delete" onClick={onDelete}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {moreOptions.length > 0 && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" color="gray" aria-label="More options">
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  {moreOptions.map((option) => (
                    <Menu.Item key={option.label} onClick={option.onClick}>
                      {option.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            <CloseButton aria-label="Close" onClick={onClose} />
          </Group>
        </Drawer.Header>
        <Drawer.Body style={{ flex: 1, overflowY: 'auto' }}>
          {notice && (
            <Alert variant="light" mb="md" role="status">
              {notice}
            </Alert>
          )}
          {children}
        </Drawer.Body>
        {footer && (
          <Box p="md" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            {footer}
          </Box>
        )}
      </Drawer.Content>
    </Drawer.Root>
  );
}

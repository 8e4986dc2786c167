import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconBrandApple, IconBrandGmail, IconCheck, IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PREVIEW_APPEARANCES, type PreviewAppearance } from './dark-appearance';

const ICONS: Record<PreviewAppearance, (size: number) => ReactNode> = {
  light: (size) => <IconSun size={size} />,
  appleMailDark: (size) => <IconBrandApple size={size} />,
  gmailDark: (size) => <IconBrandGmail size={size} />,
};

/**
 * Light, Apple Mail dark or Gmail dark: how the preview shows the email. One button showing
 * the current appearance's icon, so the composer's toolbar keeps one row at 1280 px; its
 * menu names each appearance in words.
 */
export function AppearanceToggle({ appearance, onChange }: { appearance: PreviewAppearance; onChange: (appearance: PreviewAppearance) => void }) {
  const current = PREVIEW_APPEARANCES.find((item) => item.value === appearance) ?? PREVIEW_APPEARANCES[0]!;
  return (
    <Menu position="bottom-start" withinPortal>
      <Tooltip label={`Preview appearance: ${current.label}`}>
        <Menu.Target>
          <ActionIcon variant="default" size={30} aria-label={`Preview appearance: ${current.label}`} data-appearance={appearance}>
            {ICONS[appearance](16)}
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown aria-label="Preview appearance">
        <Menu.Label>Preview appearance</Menu.Label>
        {PREVIEW_APPEARANCES.map(({ value, label }) => (
          <Menu.Item
            key={value}
            // Mantine's items are menuitems, where aria-checked is not allowed: the current one is marked as current.
            aria-current={value === appearance ? 'true' : undefined}
            leftSection={ICONS[value](14)}
            rightSection={value === appearance ? <IconCheck size={14} /> : null}
            onClick={() => onChange(value)}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

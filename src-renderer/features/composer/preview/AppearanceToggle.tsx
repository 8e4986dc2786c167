import { SegmentedControl, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconBrandApple, IconBrandGmail, IconSun } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PREVIEW_APPEARANCES, type PreviewAppearance } from './dark-appearance';

const ICONS: Record<PreviewAppearance, ReactNode> = {
  light: <IconSun size={14} />,
  appleMailDark: <IconBrandApple size={14} />,
  gmailDark: <IconBrandGmail size={14} />,
};

/**
 * Light, Apple Mail dark or Gmail dark: how the preview shows the email. Icons with their
 * names as tooltips and accessible labels, so the composer's toolbar keeps one row.
 */
export function AppearanceToggle({ appearance, onChange }: { appearance: PreviewAppearance; onChange: (appearance: PreviewAppearance) => void }) {
  return (
    <SegmentedControl
      aria-label="Preview appearance"
      size="xs"
      value={appearance}
      onChange={(value) => onChange(value as PreviewAppearance)}
      data={PREVIEW_APPEARANCES.map(({ value, label }) => ({
        value,
        label: (
          <Tooltip label={`Preview: ${label}`} withinPortal>
            <span style={{ display: 'inline-flex', alignItems: 'center' }}>
              {ICONS[value]}
              <VisuallyHidden>{label}</VisuallyHidden>
            </span>
          </Tooltip>
        ),
      }))}
    />
  );
}

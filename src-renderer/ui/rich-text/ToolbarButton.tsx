import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { forwardRef } from 'react';

interface Props {
  /** The accessible name and tooltip. */
  label: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** One toolbar button. A forwardRef so a Popover.Target can anchor to it. */
export const ToolbarButton = forwardRef<HTMLButtonElement, Props>(function ToolbarButton(
  { label, active = false, disabled, onClick, children, ...rest },
  ref,
) {
  return (
    <Tooltip label={label} openDelay={400} withinPortal>
      <ActionIcon
        ref={ref}
        {...rest}
        aria-label={label}
        aria-pressed={active}
        variant={active ? 'light' : 'subtle'}
        color="gray"
        size="sm"
        disabled={disabled}
        // Keeps the editor's selection: a click that took focus would collapse it first.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
});

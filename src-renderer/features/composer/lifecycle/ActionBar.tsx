import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  canPauseAndEdit,
  composerStep,
  primaryAction,
  priorAction,
  saveAsDraftState,
  showsDeviceToggle,
  type PrimaryAction,
  type PriorAction,
} from '../../../../shared/rules/schedule-actions';
import type { SchedulingGate } from '../../../../shared/rules/schedule';
import { ComposerSteps } from '../ComposerSteps';
import { DeviceToggle } from '../DeviceToggle';
import type { PreviewDevice } from '../PreviewPane';
import { AppearanceToggle } from '../../../ui/email-preview/AppearanceToggle';
import type { PreviewAppearance } from '../../../ui/email-preview/dark-appearance';

export interface ActionBarProps {
  status: number;
  /** The special company channel: no primary action (spec 1 §6). */
  companyLevel: boolean;
  /** A lifecycle action is running. */
  busy: boolean;
  gate: SchedulingGate;
  abTestBlocksDraft: boolean;
  device: PreviewDevice;
  onDeviceChange: (device: PreviewDevice) => void;
  /** Light or a mail client's dark mode, beside the device toggle; without it, no appearance toggle. */
  appearance?: PreviewAppearance;
  onAppearanceChange?: (appearance: PreviewAppearance) => void;
  onPrimary: (action: PrimaryAction) => void;
  onPrior: (action: PriorAction) => void;
  onSaveAsDraft: () => void;
  onPauseAndEdit: () => void;
  /** The editing tools of the Create step (history, preview), after the step indicator. */
  tools?: ReactNode;
  /** Secondary actions, e.g. Send a Test Email, before Save as draft. */
  children?: ReactNode;
}

/**
 * The page action bar (spec 1 §2, §4): the 3-step indicator, the device and appearance
 * toggles at the schedule step, Save as draft, Pause and edit, the prior action and the primary action,
 * whose hint says what still blocks it.
 */
export function ActionBar(props: ActionBarProps) {
  const { status, companyLevel, busy, gate, device } = props;
  const primary = primaryAction(status, { busy, companyLevel });
  const prior = priorAction(status);
  const saveAsDraft = saveAsDraftState(status, props.abTestBlocksDraft);

  return (
    <Stack gap="xs">
      {/* The step indicator has a line of its own, so the toolbar keeps one row at 1280 px
          beside the navigation, with every step's words. */}
      <ComposerSteps active={composerStep(status)} />
      <Group gap="xs" role="toolbar" aria-label="Composer actions" wrap="nowrap">
        {props.tools}
        {showsDeviceToggle(status) && (
          <DeviceToggle device={device} onChange={props.onDeviceChange} />
        )}
        {showsDeviceToggle(status) && props.appearance && props.onAppearanceChange && (
          <AppearanceToggle appearance={props.appearance} onChange={props.onAppearanceChange} />
        )}
        <Group gap="xs" ml="auto" wrap="nowrap">
          {props.children}
          {saveAsDraft.shown && (
            <Tooltip label={saveAsDraft.reason} disabled={!saveAsDraft.reason}>
              {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
              <span>
                <Button variant="default" disabled={saveAsDraft.disabled || busy} onClick={props.onSaveAsDraft}>
                  Save as draft
                </Button>
              </span>
            </Tooltip>
          )}
          {canPauseAndEdit(status) && (
            <Button variant="default" disabled={busy} onClick={props.onPauseAndEdit}>
              Pause and edit
            </Button>
          )}
          {prior && (
            <Button variant="default" disabled={busy} onClick={() => props.onPrior(prior)}>
              {prior.label}
            </Button>
          )}
          {primary && (
            <Button
              color={primary.kind === 'deactivateTemplate' ? 'red' : undefined}
              disabled={busy || gate.blocked}
              loading={busy && primary.kind !== 'previewAndSchedule'}
              onClick={() => props.onPrimary(primary)}
              aria-describedby={gate.hint ? 'primary-action-hint' : undefined}
            >
              {primary.label}
            </Button>
          )}
        </Group>
      </Group>
      {primary && gate.hint && (
        <Text id="primary-action-hint" size="sm" c="dimmed" ta="right" role="note">
          {gate.hint}
        </Text>
      )}
    </Stack>
  );
}

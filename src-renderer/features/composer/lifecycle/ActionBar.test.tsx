// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULING_REQUIREMENTS_MESSAGE } from '../../../../shared/contract/platform-letters';
import { PublicationStatus as S } from '../../../../shared/model/publication';
import { ActionBar, type ActionBarProps } from './ActionBar';

afterEach(cleanup);

function renderBar(overrides: Partial<ActionBarProps> = {}) {
  const props: ActionBarProps = {
    status: S.draft,
    companyLevel: false,
    busy: false,
    gate: { blocked: false, hint: null },
    abTestBlocksDraft: false,
    device: 'desktop',
    onDeviceChange: vi.fn(),
    onPrimary: vi.fn(),
    onPrior: vi.fn(),
    onSaveAsDraft: vi.fn(),
    onPauseAndEdit: vi.fn(),
    ...overrides,
  };
  render(
    <MantineProvider env="test">
      <ActionBar {...props} />
    </MantineProvider>,
  );
  return props;
}

const button = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;
const actionNames = () =>
  Array.from(screen.getByRole('toolbar', { name: 'Composer actions' }).querySelectorAll('button:not(.mantine-Stepper-step)'))
    .map((b) => b.textContent ?? '')
    .filter((text) => text !== '');

describe('the action bar', () => {
  it.each([
    { status: S.draft, names: ['Save as draft', 'Preview and schedule'] },
    { status: S.schedule, names: ['Save as draft', 'Continue editing', 'Schedule'] },
    { status: S.scheduled, names: ['Pause and edit'] },
    { status: S.published, names: ['Dashboard'] },
    { status: S.sending25, names: ['Dashboard'] },
    { status: S.review, names: ['Save as draft', 'Continue editing', 'Preview and schedule'] },
    { status: S.templateConfigure, names: ['Continue editing', 'Activate template'] },
    { status: S.templateConfigured, names: ['Deactivate template'] },
  ])('shows $names for status $status', ({ status, names }) => {
    renderBar({ status });
    expect(actionNames()).toEqual(names);
  });

  it("reads 'Saving...' while the first step runs", () => {
    renderBar({ busy: true });
    expect(button('Saving...')?.disabled).toBe(true);
  });

  it('hides the primary action at company level', () => {
    renderBar({ status: S.schedule, companyLevel: true });
    expect(button('Schedule')).toBeNull();
    expect(button('Continue editing')).not.toBeNull();
  });

  it('disables Save as draft for a draft and when the A/B test blocks it', () => {
    renderBar({ status: S.draft });
    expect(button('Save as draft')?.disabled).toBe(true);
    cleanup();
    renderBar({ status: S.schedule, abTestBlocksDraft: true });
    expect(button('Save as draft')?.disabled).toBe(true);
    cleanup();
    renderBar({ status: S.schedule });
    expect(button('Save as draft')?.disabled).toBe(false);
  });

  it('disables the primary action with its hint while the gate blocks it', () => {
    renderBar({ status: S.schedule, gate: { blocked: true, hint: SCHEDULING_REQUIREMENTS_MESSAGE } });
    expect(button('Schedule')?.disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe('Please fill out the required fields to save and schedule.');
  });

  it('runs the actions it shows', async () => {
    const props = renderBar({ status: S.schedule });
    await userEvent.click(button('Schedule')!);
    expect(props.onPrimary).toHaveBeenCalledWith(expect.objectContaining({ kind: 'schedule', to: S.scheduled }));
    await userEvent.click(button('Continue editing')!);
    expect(props.onPrior).toHaveBeenCalledWith({ label: 'Continue editing', to: S.draft });
    await userEvent.click(button('Save as draft')!);
    expect(props.onSaveAsDraft).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('radio', { name: 'Mobile' }));
    expect(props.onDeviceChange).toHaveBeenCalledWith('mobile');
  });

  it('offers the device toggle only at the schedule step and template configure', () => {
    renderBar({ status: S.schedule });
    expect(screen.queryByRole('radiogroup', { name: 'Preview device' })).not.toBeNull();
    cleanup();
    renderBar({ status: S.scheduled });
    expect(screen.queryByRole('radiogroup', { name: 'Preview device' })).toBeNull();
  });

  it('marks the step of the status in the indicator', () => {
    renderBar({ status: S.schedule });
    const progress = screen.getByLabelText('Letter progress');
    expect(progress.querySelector('button[data-progress]')?.textContent).toContain('Preview and schedule');
    expect(Array.from(progress.querySelectorAll('button[data-completed]')).map((step) => step.textContent)).toEqual(['Create']);
  });
});

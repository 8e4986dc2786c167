import { describe, expect, it } from 'vitest';
import { PublicationStatus as S } from '../model/publication';
import {
  canPauseAndEdit,
  composerStep,
  composerView,
  leaveNeedsWarning,
  primaryAction,
  priorAction,
  SAVE_AS_DRAFT_REASONS,
  saveAsDraftState,
  showsDeviceToggle,
  titleEditable,
} from './schedule-actions';

const idle = { busy: false, companyLevel: false };

describe('the primary action', () => {
  it.each([
    { status: S.draft, label: 'Preview and schedule', to: S.schedule },
    { status: S.review, label: 'Preview and schedule', to: S.schedule },
    { status: S.template, label: 'Preview and schedule', to: S.templateConfigure },
    { status: S.templateDraft, label: 'Preview and schedule', to: S.templateConfigure },
    { status: S.schedule, label: 'Schedule', to: S.scheduled },
    { status: S.templateConfigure, label: 'Activate template', to: S.templateConfigured },
    { status: S.templateConfigured, label: 'Deactivate template', to: S.template },
  ])('status $status reads $label and asks for $to', ({ status, label, to }) => {
    expect(primaryAction(status, idle)).toMatchObject({ label, to });
  });

  it.each([S.scheduled, S.published, S.publishing, S.sending, S.sending25, S.sending50, S.sending75, S.processingForAutomation])(
    'is absent for status %i',
    (status) => {
      expect(primaryAction(status, idle)).toBeNull();
    },
  );

  it("reads 'Saving...' while busy, and only on the first step", () => {
    expect(primaryAction(S.draft, { busy: true, companyLevel: false })?.label).toBe('Saving...');
    expect(primaryAction(S.schedule, { busy: true, companyLevel: false })?.label).toBe('Schedule');
  });

  it('asks before deactivating a template only', () => {
    expect(primaryAction(S.templateConfigured, idle)?.confirm).toBe(true);
    expect(primaryAction(S.schedule, idle)?.confirm).toBe(false);
  });

  it('is hidden at company level', () => {
    for (const status of [S.draft, S.schedule, S.templateConfigure]) expect(primaryAction(status, { busy: false, companyLevel: true })).toBeNull();
  });
});

describe('the prior action', () => {
  it.each([
    { status: S.published, expected: { label: 'Dashboard', to: null } },
    { status: S.sending, expected: { label: 'Dashboard', to: null } },
    { status: S.sending75, expected: { label: 'Dashboard', to: null } },
    { status: S.schedule, expected: { label: 'Continue editing', to: S.draft } },
    { status: S.review, expected: { label: 'Continue editing', to: S.draft } },
    { status: S.templateConfigure, expected: { label: 'Continue editing', to: S.template } },
    { status: S.draft, expected: null },
    { status: S.scheduled, expected: null },
    { status: S.templateConfigured, expected: null },
  ])('status $status', ({ status, expected }) => {
    expect(priorAction(status)).toEqual(expected);
  });
});

describe('Save as draft', () => {
  it('is shown but disabled for a draft', () => {
    expect(saveAsDraftState(S.draft, false)).toEqual({ shown: true, disabled: true, reason: SAVE_AS_DRAFT_REASONS.alreadyDraft });
  });

  it('is enabled at the schedule step unless the A/B test blocks it', () => {
    expect(saveAsDraftState(S.schedule, false)).toEqual({ shown: true, disabled: false, reason: null });
    expect(saveAsDraftState(S.schedule, true)).toEqual({ shown: true, disabled: true, reason: SAVE_AS_DRAFT_REASONS.abTest });
  });

  it('is absent once scheduled or published and for templates', () => {
    for (const status of [S.scheduled, S.published, S.template, S.templateConfigure]) expect(saveAsDraftState(status, false).shown).toBe(false);
  });
});

describe('per status', () => {
  it('offers Pause and edit for a scheduled letter only', () => {
    expect(canPauseAndEdit(S.scheduled)).toBe(true);
    expect(canPauseAndEdit(S.schedule)).toBe(false);
    expect(canPauseAndEdit(S.published)).toBe(false);
  });

  it.each([
    { status: S.draft, step: 0 },
    { status: S.templateDraft, step: 0 },
    { status: S.review, step: 0 },
    { status: S.schedule, step: 1 },
    { status: S.templateConfigure, step: 1 },
    { status: S.scheduled, step: 2 },
    { status: S.templateConfigured, step: 2 },
    { status: S.published, step: 3 },
    { status: S.sending50, step: 3 },
  ])('status $status is step $step', ({ status, step }) => {
    expect(composerStep(status)).toBe(step);
  });

  it('keeps the device toggle to the schedule step and template configure', () => {
    expect([S.schedule, S.templateConfigure].every(showsDeviceToggle)).toBe(true);
    expect([S.draft, S.scheduled, S.published, S.template].some(showsDeviceToggle)).toBe(false);
  });

  it.each([
    { status: S.draft, view: 'edit', title: true },
    { status: S.template, view: 'edit', title: true },
    { status: S.schedule, view: 'schedule', title: true },
    { status: S.templateConfigure, view: 'schedule', title: true },
    { status: S.scheduled, view: 'scheduled', title: false },
    { status: S.templateConfigured, view: 'scheduled', title: false },
    { status: S.published, view: 'rendered', title: false },
    { status: S.review, view: 'rendered', title: false },
  ])('status $status shows $view', ({ status, view, title }) => {
    expect(composerView(status)).toBe(view);
    expect(titleEditable(status)).toBe(title);
  });

  it('warns about leaving at the schedule step only', () => {
    expect(leaveNeedsWarning(S.schedule)).toBe(true);
    expect([S.draft, S.scheduled, S.templateConfigure].some(leaveNeedsWarning)).toBe(false);
  });
});

import { PublicationStatus } from '../model/publication';

// The composer's page actions per publication status (spec 1 §2, §4): the primary action
// and where it takes the letter, the prior action, Save as draft, Pause and edit, and the
// step of the 3-step indicator. Pure functions of the status, so the labels are tested once.

const S = PublicationStatus;

export type PrimaryKind = 'previewAndSchedule' | 'schedule' | 'activateTemplate' | 'deactivateTemplate';

export interface PrimaryAction {
  kind: PrimaryKind;
  label: string;
  /** The status the action asks for. */
  to: PublicationStatus;
  /** Deactivating asks first (spec 1 §4 "From template configured"). */
  confirm: boolean;
}

export interface PrimaryActionContext {
  busy: boolean;
  /** Letters of the special company channel have no primary action (spec 1 §6). */
  companyLevel: boolean;
}

/**
 * 'Preview and schedule' ('Saving...' while busy) from draft, template draft and review;
 * 'Schedule' at the schedule step; 'Activate template' and 'Deactivate template' for
 * templates; nothing for a scheduled letter or one on its way out. A template (3 or 10)
 * moves to template configure: the spec shows no label of its own for that move, so it
 * reads like the draft's first step.
 */
export function primaryAction(status: number, { busy, companyLevel }: PrimaryActionContext): PrimaryAction | null {
  if (companyLevel) return null;
  const previewAndSchedule = (to: PublicationStatus): PrimaryAction => ({
    kind: 'previewAndSchedule',
    label: busy ? 'Saving...' : 'Preview and schedule',
    to,
    confirm: false,
  });
  switch (status) {
    case S.draft:
    case S.review:
      return previewAndSchedule(S.schedule);
    case S.template:
    case S.templateDraft:
      return previewAndSchedule(S.templateConfigure);
    case S.schedule:
      return { kind: 'schedule', label: 'Schedule', to: S.scheduled, confirm: false };
    case S.templateConfigure:
      return { kind: 'activateTemplate', label: 'Activate template', to: S.templateConfigured, confirm: false };
    case S.templateConfigured:
      return { kind: 'deactivateTemplate', label: 'Deactivate template', to: S.template, confirm: true };
    default:
      return null;
  }
}

export const SENDING_STATUSES: readonly number[] = [S.publishing, S.sending, S.sending25, S.sending50, S.sending75];

export interface PriorAction {
  label: 'Dashboard' | 'Continue editing';
  /** Continue editing returns to build: the status the letter goes back to. Dashboard leaves. */
  to: PublicationStatus | null;
}

/** 'Dashboard' for published or sending letters; 'Continue editing' for schedule, template configure and review. */
export function priorAction(status: number): PriorAction | null {
  if (status === S.published || SENDING_STATUSES.includes(status)) return { label: 'Dashboard', to: null };
  if (status === S.schedule || status === S.review) return { label: 'Continue editing', to: S.draft };
  if (status === S.templateConfigure) return { label: 'Continue editing', to: S.template };
  return null;
}

export interface SaveAsDraftState {
  shown: boolean;
  disabled: boolean;
  /** Why it is disabled, for its tooltip. */
  reason: string | null;
}

export const SAVE_AS_DRAFT_REASONS = {
  alreadyDraft: 'This newsletter is already a draft.',
  abTest: 'Fill in both subjects of the A/B test, and make them different, to save as draft.',
} as const;

/**
 * Shown while a newsletter is being composed or scheduled. Disabled for a draft (it is one
 * already) and when the A/B test blocks it; at the schedule step it returns to draft.
 */
export function saveAsDraftState(status: number, abTestBlocks: boolean): SaveAsDraftState {
  if (status === S.draft) return { shown: true, disabled: true, reason: SAVE_AS_DRAFT_REASONS.alreadyDraft };
  if (status === S.schedule || status === S.review) {
    return abTestBlocks ? { shown: true, disabled: true, reason: SAVE_AS_DRAFT_REASONS.abTest } : { shown: true, disabled: false, reason: null };
  }
  return { shown: false, disabled: true, reason: null };
}

/** Only a scheduled letter can be paused (then it is a draft again). */
export function canPauseAndEdit(status: number): boolean {
  return status === S.scheduled;
}

/** The step indicator: Create (0), Preview and schedule (1), Scheduled (2); 3 = all done. */
export function composerStep(status: number): 0 | 1 | 2 | 3 {
  if (status === S.schedule || status === S.templateConfigure) return 1;
  if (status === S.scheduled || status === S.templateConfigured) return 2;
  if (status === S.published || status === S.processingForAutomation || SENDING_STATUSES.includes(status)) return 3;
  return 0;
}

/** The schedule step and template configure show the email with the desktop/mobile toggle; elsewhere it is desktop. */
export function showsDeviceToggle(status: number): boolean {
  return status === S.schedule || status === S.templateConfigure;
}

/** Which body the composer shows for a status. */
export type ComposerView = 'edit' | 'schedule' | 'scheduled' | 'rendered';

export function composerView(status: number): ComposerView {
  if (status === S.draft || status === S.template || status === S.templateDraft) return 'edit';
  if (status === S.schedule || status === S.templateConfigure) return 'schedule';
  if (status === S.scheduled || status === S.templateConfigured) return 'scheduled';
  return 'rendered';
}

/** The title is read-only once the letter is scheduled or published (spec 1 §2). */
export function titleEditable(status: number): boolean {
  const view = composerView(status);
  return view === 'edit' || view === 'schedule';
}

/** Spec 1 §4: only leaving from the schedule step is warned about. */
export function leaveNeedsWarning(status: number): boolean {
  return status === S.schedule;
}

/** The leave-without-scheduling warning (spec 1 §4), for the app's dialog and the window's. */
export const LEAVE_WARNING = {
  title: 'Newsletter not scheduled',
  message: 'If you leave now, your newsletter will not be sent to your audience. Are you sure you want to leave?',
  leave: 'Leave anyway',
  stay: 'Preview and schedule',
} as const;

import { useState } from 'react';
import { SAVE_ON_SCHEDULING_FAILED_MESSAGE } from '../../../../shared/contract/platform-letters';
import type { Letter } from '../../../../shared/model/letter';
import { PublicationStatus, isTemplateStatus } from '../../../../shared/model/publication';
import type { PrimaryAction, PriorAction } from '../../../../shared/rules/schedule-actions';
import { publicationTimeHasPassed, scheduledToastMessage } from '../../../../shared/rules/schedule-dates';
import type { AutomationSettings } from '../../../../shared/model/automation';
import { errorFields, errorMessage, useActivateTemplateMutation, useChangeStatusMutation, useScheduleLetterMutation } from './lifecycle-api';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { errorWithDetails } from '../../../app/bridge-errors';

// What the action bar's buttons do (spec 1 §4 "Behaviour per step"), with the spec's
// messages (§8). Every step first settles the local saves, so the core pushes the latest
// edits before it changes the status. A refusal changes nothing and says why.

export const STATUS_UPDATE_FAILED_MESSAGE = 'Sorry, we failed to update this newsletter.';
export const TEMPLATE_STATUS_FAILED_MESSAGE = "Sorry, we failed to change this template's status.";
export const TRIGGER_INVALID_MESSAGE = 'Put the trigger right to activate the template.';
export const TEMPLATE_ACTIVE_MESSAGE = 'Your template is active.';

export interface LifecycleOptions {
  letter: Letter | null | undefined;
  zone: string;
  /** Resolves once every local save is written; false when one failed. */
  settle: () => Promise<boolean>;
  /** Reads the letter again (after a status change, or when its send time passed). */
  reload: () => Promise<unknown>;
  /** The platform refused 'Schedule' with field messages. */
  onFieldErrors: (fields: Record<string, string>) => void;
  /** After 'Schedule' succeeds. */
  onScheduled?: () => void;
  /**
   * A template's trigger from its configure step, or null while a field of it is wrong;
   * 'Activate template' sends it. Without it Activate only changes the status.
   */
  automation?: () => AutomationSettings | null;
  leave: () => void;
  now?: () => Date;
}

export function useLifecycleActions({ letter, zone, settle, reload, onFieldErrors, onScheduled, automation, leave, now = () => new Date() }: LifecycleOptions) {
  const [changeStatus] = useChangeStatusMutation();
  const [scheduleLetter] = useScheduleLetterMutation();
  const [activateTemplate] = useActivateTemplateMutation();
  const [busy, setBusy] = useState(false);

  const run = async (work: (uniqueId: string) => Promise<void>) => {
    if (!letter || busy) return;
    setBusy(true);
    try {
      if (!(await settle())) {
        toastError('Your latest changes could not be saved on this computer, so nothing was sent.');
        return;
      }
      await work(letter.uniqueId);
    } finally {
      setBusy(false);
    }
  };

  const moveTo = (to: number) =>
    run(async (uniqueId) => {
      const result = await changeStatus({ uniqueId, to });
      if ('error' in result) {
        const template = letter !== null && letter !== undefined && isTemplateStatus(letter.publicationStatus);
        toastError(errorMessage(result.error, template ? TEMPLATE_STATUS_FAILED_MESSAGE : STATUS_UPDATE_FAILED_MESSAGE));
        return;
      }
      await reload();
    });

  const schedule = () =>
    run(async (uniqueId) => {
      const result = await scheduleLetter({ uniqueId });
      if ('error' in result) {
        const fields = errorFields(result.error);
        onFieldErrors(fields);
        // A merge tag refused in a block has no field on this step: the toast names it.
        const unplaced = Object.keys(fields).some((key) => key.startsWith('blocks.') || key === 'utm');
        toastError(unplaced ? errorWithDetails(result.error, SAVE_ON_SCHEDULING_FAILED_MESSAGE) : errorMessage(result.error, SAVE_ON_SCHEDULING_FAILED_MESSAGE));
        return;
      }
      const scheduled = result.data;
      if (scheduled.publicationDate) toastSuccess(scheduledToastMessage(scheduled.publicationDate, scheduled.publicationDateTzCode ?? zone));
      onScheduled?.();
      await reload();
    });

  /** 'Activate template': the configure call with the trigger; a refusal names its fields. */
  const activate = (trigger: () => AutomationSettings | null) =>
    run(async (uniqueId) => {
      const settings = trigger();
      if (!settings) {
        toastError(TRIGGER_INVALID_MESSAGE);
        return;
      }
      const result = await activateTemplate({ uniqueId, automation: settings });
      if ('error' in result) {
        onFieldErrors(errorFields(result.error));
        // The fields the platform named show their messages in the sidebar.
        toastError(errorMessage(result.error, TEMPLATE_STATUS_FAILED_MESSAGE));
        return;
      }
      toastSuccess(TEMPLATE_ACTIVE_MESSAGE);
      await reload();
    });

  const primary = (action: PrimaryAction) => {
    if (action.kind === 'schedule') return schedule();
    if (action.kind === 'activateTemplate' && automation) return activate(automation);
    return moveTo(action.to);
  };

  return {
    busy,
    primary,
    prior: (action: PriorAction) => (action.to === null ? leave() : moveTo(action.to)),
    saveAsDraft: () => moveTo(PublicationStatus.draft),
    /** After the confirmation: a letter whose send time has come is reloaded instead (spec 1 §4). */
    pauseAndEdit: async () => {
      if (!letter) return;
      if (publicationTimeHasPassed(letter.publicationDate, letter.publicationDateTzCode ?? zone, now())) {
        await reload();
        toastError('This newsletter is already on its way out, so it can no longer be paused.');
        return;
      }
      await moveTo(PublicationStatus.draft);
    },
  };
}

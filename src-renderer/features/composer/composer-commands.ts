import type { CommandId } from '../../../shared/commands';

/** The registry commands the composer page runs while a letter is open (ComposerPage). */
export const COMPOSER_COMMANDS = [
  'file.save',
  'view.togglePreview',
  'view.desktopPreview',
  'view.mobilePreview',
  'letter.previewAndSchedule',
  'letter.saveAsDraft',
  'letter.clone',
  'view.previewAs',
  'letter.history',
] as const satisfies readonly CommandId[];

/** Send a Test Email, run by its button (test-send/SendTestEmailButton). */
export const TEST_SEND_COMMANDS = ['letter.sendTestEmail'] as const satisfies readonly CommandId[];

/** Check Spam Score, run by the schedule step's content check (lifecycle/ScheduleSidebar). */
export const SPAM_CHECK_COMMANDS = ['letter.checkSpamScore'] as const satisfies readonly CommandId[];

/** The composer's history; in Electron the native Edit menu's roles reach the same actions. */
export const HISTORY_COMMANDS = ['edit.undo', 'edit.redo'] as const satisfies readonly CommandId[];

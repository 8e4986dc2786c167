import { LEAVE_WARNING } from '../../shared/rules/schedule-actions';
import type { MessageBox } from './updater';

// A page that refuses to unload (the composer while a letter is between 'Preview and
// schedule' and 'Schedule', spec 1 §4) makes Electron emit 'will-prevent-unload' instead of
// closing silently. Main asks with the spec's wording; preventDefault on that event means
// "leave anyway".

export function leavePrompt(): MessageBox {
  return {
    type: 'warning',
    title: LEAVE_WARNING.title,
    message: LEAVE_WARNING.title,
    detail: LEAVE_WARNING.message,
    buttons: [LEAVE_WARNING.leave, LEAVE_WARNING.stay],
    defaultId: 1,
    cancelId: 1,
  };
}

/** Whether the button chosen in `leavePrompt()` lets the page go. */
export function leaves(response: number): boolean {
  return response === 0;
}

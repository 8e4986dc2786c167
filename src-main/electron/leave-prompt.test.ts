import { describe, expect, it } from 'vitest';
import { LEAVE_WARNING } from '../../shared/rules/schedule-actions';
import { leavePrompt, leaves } from './leave-prompt';

describe('leavePrompt', () => {
  it("asks in the spec's words, staying by default", () => {
    const box = leavePrompt();
    expect(box.title).toBe('Newsletter not scheduled');
    expect(box.detail).toBe(LEAVE_WARNING.message);
    expect(box.buttons).toEqual(['Leave anyway', 'Preview and schedule']);
    expect(box.buttons[box.defaultId]).toBe('Preview and schedule');
    expect(leaves(box.cancelId)).toBe(false);
    expect(leaves(box.buttons.indexOf('Leave anyway'))).toBe(true);
  });
});

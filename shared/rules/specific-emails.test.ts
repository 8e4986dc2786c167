import { describe, expect, it } from 'vitest';
import { SPECIFIC_EMAILS_MAX, parseSpecificEmails, specificEmailsLeftOutMessage, specificEmailsProblem, storedSpecificEmails } from './specific-emails';

describe('Specific emails', () => {
  it('reads pasted addresses in any separator, lower-cases and de-duplicates them, and lists what is not an address', () => {
    expect(parseSpecificEmails('Ada@Example.com, grace@example.com;\n<ada@example.com>  nope  bob@x')).toEqual({
      emails: ['ada@example.com', 'grace@example.com'],
      invalid: ['nope', 'bob@x'],
      duplicates: 1,
    });
    expect(parseSpecificEmails('  ')).toEqual({ emails: [], invalid: [], duplicates: 0 });
  });

  it('says what keeps a stored list from being sent', () => {
    expect(specificEmailsProblem([])).toBe('Add at least one email address for Specific emails.');
    expect(specificEmailsProblem(['a@example.com', 'x'])).toBe("'x' is not a valid email address.");
    expect(specificEmailsProblem(Array.from({ length: SPECIFIC_EMAILS_MAX + 1 }, (_, i) => `r${i}@example.com`))).toMatch(/at most 1000/);
    expect(specificEmailsProblem(['a@example.com'])).toBeNull();
  });

  it('reads the list from settings of any shape', () => {
    expect(storedSpecificEmails({ specificEmails: ['a@example.com', 3] })).toEqual(['a@example.com']);
    expect(storedSpecificEmails(null)).toEqual([]);
    expect(storedSpecificEmails({})).toEqual([]);
  });

  it('says how many addresses the send will leave out, and why', () => {
    expect(specificEmailsLeftOutMessage({ unsubscribed: 0, bounced: 0 })).toBeNull();
    expect(specificEmailsLeftOutMessage({ unsubscribed: 1, bounced: 0 })).toBe('1 address will be left out: it unsubscribed from this channel.');
    expect(specificEmailsLeftOutMessage({ unsubscribed: 0, bounced: 2 })).toBe('2 addresses will be left out: they bounced.');
    expect(specificEmailsLeftOutMessage({ unsubscribed: 1, bounced: 2 })).toBe('3 addresses will be left out: 1 unsubscribed from this channel, 2 bounced.');
  });
});

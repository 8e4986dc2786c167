import { describe, expect, it } from 'vitest';
import { GMAIL_CLIP_BYTES, GMAIL_CLIP_KB, gmailClipMessage, isClippedByGmail, sizeInKb } from './gmail-clip';

describe('Gmail clip limit', () => {
  it('is 102 KB of 1,024 bytes', () => {
    expect(GMAIL_CLIP_KB).toBe(102);
    expect(GMAIL_CLIP_BYTES).toBe(104_448);
  });

  it('flags a letter one byte over the limit, not one at it', () => {
    expect(isClippedByGmail(GMAIL_CLIP_BYTES - 1)).toBe(false);
    expect(isClippedByGmail(GMAIL_CLIP_BYTES)).toBe(false);
    expect(isClippedByGmail(GMAIL_CLIP_BYTES + 1)).toBe(true);
  });

  it('rounds sizes up, so a flagged size always reads over the limit', () => {
    expect(sizeInKb(GMAIL_CLIP_BYTES)).toBe(102);
    expect(sizeInKb(GMAIL_CLIP_BYTES + 1)).toBe(102.1);
    expect(sizeInKb(0)).toBe(0);
    expect(sizeInKb(1)).toBe(0.1);
    expect(sizeInKb(1024 * 85 + 102)).toBe(85.1);
    for (const bytes of [GMAIL_CLIP_BYTES - 103, GMAIL_CLIP_BYTES - 1, GMAIL_CLIP_BYTES, GMAIL_CLIP_BYTES + 1, GMAIL_CLIP_BYTES + 5000]) {
      expect(sizeInKb(bytes) > GMAIL_CLIP_KB).toBe(isClippedByGmail(bytes));
    }
  });

  it('names the size and the limit', () => {
    expect(gmailClipMessage(118.4)).toBe(
      'This email is 118.4 KB, over Gmail\'s 102 KB limit: Gmail will clip it and hide the end (with the unsubscribe link) behind "View entire message".',
    );
    expect(gmailClipMessage(sizeInKb(GMAIL_CLIP_BYTES + 1))).toContain('102.1 KB');
  });
});

// Gmail shows only the first ~102 KB of a message's HTML and hides the rest behind
// "View entire message" (with the unsubscribe link and the open pixel, which sit at the
// end). The schedule step's CONTENT CHECK warns before sending, naming the size and the limit.

export const BYTES_PER_KB = 1024;
/** Gmail's clip limit, in KB of HTML (kilobytes of 1,024 bytes, as the size is shown). */
export const GMAIL_CLIP_KB = 102;
export const GMAIL_CLIP_BYTES = GMAIL_CLIP_KB * BYTES_PER_KB;

/**
 * A size in KB to one decimal, rounded up: a letter one byte over the limit reads 102.1 KB,
 * never 102.0 KB next to a warning that it is over 102 KB.
 */
export function sizeInKb(bytes: number): number {
  return Math.ceil((bytes * 10) / BYTES_PER_KB) / 10;
}

/** Over the limit by at least one byte. (sizeInKb(bytes) > GMAIL_CLIP_KB says the same.) */
export function isClippedByGmail(bytes: number): boolean {
  return bytes > GMAIL_CLIP_BYTES;
}

export function gmailClipMessage(sizeKb: number): string {
  return `This email is ${sizeKb.toFixed(1)} KB, over Gmail's ${GMAIL_CLIP_KB} KB limit: Gmail will clip it and hide the end (with the unsubscribe link) behind "View entire message".`;
}

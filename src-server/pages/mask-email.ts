// The address shown on a public page: enough for the reader to recognise it, not enough
// for someone who forwarded the email (or found the link) to learn it.

const MASK = '•••';

/** `jane@example.com` → `j•••@example.com`; something that is not an address → `•••`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return MASK;
  // By code point, so an address starting with an emoji or accented letter is not split.
  const [first] = Array.from(email.slice(0, at));
  return `${first}${MASK}${email.slice(at)}`;
}

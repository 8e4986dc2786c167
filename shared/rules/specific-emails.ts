// The 'Specific emails' audience (segment 99991): the addresses an editor pastes or types
// in the schedule step, kept in the letter's settings (`specificEmails`). The same reading
// serves the schedule step (count, messages) and the platform (scheduling, the send).

/** Addresses one letter may name; a larger list belongs in a segment. */
export const SPECIFIC_EMAILS_MAX = 1000;
export const SPECIFIC_EMAILS_REQUIRED_MESSAGE = 'Add at least one email address for Specific emails.';
export const SPECIFIC_EMAILS_TOO_MANY_MESSAGE = `Specific emails take at most ${SPECIFIC_EMAILS_MAX} addresses; use a segment for more.`;

// The same shape the platform's subscriber import accepts (zod's email), kept plain here.
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface SpecificEmails {
  /** Valid addresses, lower-cased, first occurrence kept, in the order given. */
  emails: string[];
  /** What was typed that is not an address, as typed. */
  invalid: string[];
  /** Addresses given more than once (after the first). */
  duplicates: number;
}

/** Reads pasted text: addresses separated by commas, semicolons, spaces or line breaks. */
export function parseSpecificEmails(text: string): SpecificEmails {
  const emails: string[] = [];
  const invalid: string[] = [];
  let duplicates = 0;
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const token = part.replace(/^<|>$/g, '').trim();
    if (token === '') continue;
    const email = token.toLowerCase();
    if (email.length > 254 || !EMAIL.test(email)) {
      invalid.push(token);
    } else if (seen.has(email)) {
      duplicates += 1;
    } else {
      seen.add(email);
      emails.push(email);
    }
  }
  return { emails, invalid, duplicates };
}

/** A message for a stored list that cannot be sent to, or null. */
export function specificEmailsProblem(emails: readonly string[]): string | null {
  if (emails.length === 0) return SPECIFIC_EMAILS_REQUIRED_MESSAGE;
  if (emails.length > SPECIFIC_EMAILS_MAX) return SPECIFIC_EMAILS_TOO_MANY_MESSAGE;
  const { invalid } = parseSpecificEmails(emails.join('\n'));
  return invalid.length > 0 ? `'${invalid[0]}' is not a valid email address.` : null;
}

/** The list stored in a letter's settings (any JSON), or [] when there is none. */
export function storedSpecificEmails(settings: unknown): string[] {
  const list = (settings as { specificEmails?: unknown } | null)?.specificEmails;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
}

/** Of a list, the addresses the send leaves out: unsubscribed or bounced in the channel. */
export interface SpecificEmailsLeftOut {
  unsubscribed: number;
  bounced: number;
}

/**
 * What the schedule step says of the addresses a send will leave out, or null when it sends
 * to all of them (docs/decisions.md "Specific emails recipients"):
 * '1 address will be left out: it unsubscribed from this channel.',
 * '2 addresses will be left out: they bounced.',
 * '3 addresses will be left out: 1 unsubscribed from this channel, 2 bounced.'
 */
export function specificEmailsLeftOutMessage({ unsubscribed, bounced }: SpecificEmailsLeftOut): string | null {
  const total = unsubscribed + bounced;
  if (total === 0) return null;
  const head = `${total} ${total === 1 ? 'address' : 'addresses'} will be left out:`;
  const they = total === 1 ? 'it' : 'they';
  if (bounced === 0) return `${head} ${they} unsubscribed from this channel.`;
  if (unsubscribed === 0) return `${head} ${they} bounced.`;
  return `${head} ${unsubscribed} unsubscribed from this channel, ${bounced} bounced.`;
}

import { BUTTON_LINK_MAX, IMAGE_LINK_MAX } from '../model/constants';
import { accept, refuse, type FieldResult } from './field-result';
import { MERGE_TAG_IN_TEXT, parseMergeTag } from './merge-tag';

// Links set in block panels (spec 2 §5 "Links"). Image and button links go to the web over
// https only; a button may instead write to an email address, stored as `mailto:`.

export const IMAGE_LINK_MESSAGE = `The URL must start with https:// and have no more than ${IMAGE_LINK_MAX} characters.`;
export const BUTTON_LINK_MESSAGE = `The URL must start with https:// and have no more than ${BUTTON_LINK_MAX} characters.`;
export const INVALID_EMAIL_MESSAGE = 'Invalid email address.';
export const LINK_TAG_PLACE_MESSAGE = 'A merge tag in a link goes whole in its query, as in ?name={{ first_name }}.';

/** The button panel's link type; not stored: a link starting with mailto: is an email link. */
export type LinkType = 'web' | 'email';
export const LINK_TYPE_LABELS: Record<LinkType, string> = { web: 'Web address', email: 'Email address' };

const MAILTO = /^mailto:/i;
/** https:// and at least a host; no whitespace anywhere, which no working link has. */
const HTTPS_URL = /^https:\/\/[^\s/?#]+[^\s]*$/i;
/** One @, something before it, a dotted domain after it, no spaces: what mail clients accept. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/;
const EMAIL_MAX = 254;

export function linkTypeOf(link: string): LinkType {
  return MAILTO.test(link.trim()) ? 'email' : 'web';
}

/** What the link field shows: the address without its mailto: prefix. */
export function linkFieldText(link: string): string {
  return link.trim().replace(MAILTO, '');
}

/**
 * Spec 2 §5's secure template URL: https, at most `max` characters, and merge tags allowed as
 * query values (`?name={{ first_name }}`), each a whole tag of the grammar. The sending step
 * fills them per reader, and a link made by a tag is left untracked, so the reader's own
 * address goes straight to its site.
 */
function checkHttps(input: string, max: number, message: string): FieldResult<string> {
  const value = input.trim();
  if (value === '') return accept('');
  if (value.length > max) return refuse(message);
  const queryAt = value.indexOf('?');
  const query = queryAt === -1 ? '' : value.slice(queryAt);
  for (const [tag] of query.matchAll(MERGE_TAG_IN_TEXT)) {
    const parsed = parseMergeTag(tag);
    if (!parsed.ok) return refuse(`${tag}: ${parsed.message}`);
  }
  // With its tags read as plain values, the address is an ordinary https one; a brace left
  // over is a tag outside the query or half written.
  const plain = (queryAt === -1 ? value : value.slice(0, queryAt)) + query.replace(MERGE_TAG_IN_TEXT, 'x');
  if (/[{}]/.test(plain)) return refuse(LINK_TAG_PLACE_MESSAGE);
  return HTTPS_URL.test(plain) ? accept(value) : refuse(message);
}

/** An image's link: https, at most 1000 characters; empty means no link. */
export function checkImageLink(input: string): FieldResult<string> {
  return checkHttps(input, IMAGE_LINK_MAX, IMAGE_LINK_MESSAGE);
}

export function isEmailAddress(input: string): boolean {
  const value = input.trim();
  return value.length <= EMAIL_MAX && EMAIL.test(value);
}

/**
 * A button's link as stored. Web: a mailto: prefix is stripped, then https with at most 300
 * characters. Email: a valid address, stored with a mailto: prefix. Empty means no link yet.
 */
export function checkButtonLink(input: string, type: LinkType): FieldResult<string> {
  const value = linkFieldText(input);
  if (type === 'web') return checkHttps(value, BUTTON_LINK_MAX, BUTTON_LINK_MESSAGE);
  if (value === '') return accept('');
  return isEmailAddress(value) ? accept(`mailto:${value}`) : refuse(INVALID_EMAIL_MESSAGE);
}

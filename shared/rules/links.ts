import { BUTTON_LINK_MAX, IMAGE_LINK_MAX } from '../model/constants';
import { accept, refuse, type FieldResult } from './field-result';

// Links set in block panels (spec 2 §5 "Links"). Image and button links go to the web over
// https only; a button may instead write to an email address, stored as `mailto:`.

export const IMAGE_LINK_MESSAGE = `The URL must start with https:// and have no more than ${IMAGE_LINK_MAX} characters.`;
export const BUTTON_LINK_MESSAGE = `The URL must start with https:// and have no more than ${BUTTON_LINK_MAX} characters.`;
export const INVALID_EMAIL_MESSAGE = 'Invalid email address.';

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

function checkHttps(input: string, max: number, message: string): FieldResult<string> {
  const value = input.trim();
  if (value === '') return accept('');
  return value.length <= max && HTTPS_URL.test(value) ? accept(value) : refuse(message);
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

// The sending identity's rules (issue 29): a channel's From name, From address and Reply-To,
// and the organization's sending domains. Pure, so the settings screens check as the editor
// types and the platform refuses the same input with the same words.

export const SENDING_MESSAGES = {
  domain: 'Enter a domain such as example.com (no https://, no @, no path).',
  domainTaken: 'This domain is already a sending domain of the organization.',
  fromName: 'Keep the From name under 100 characters, on one line.',
  fromAddress: 'Enter the From address as name@domain, e.g. news@example.com.',
  replyTo: 'Enter the Reply-To as an email address, e.g. editor@example.com, or leave it empty.',
} as const;

/** The From address's domain is not one of the organization's sending domains. */
export function fromDomainUnknownMessage(domain: string): string {
  return `${domain} is not a sending domain of this organization. Add it under Sending domains first.`;
}

/** The From address's domain has not passed its DNS check yet: nothing can be sent from it. */
export function fromDomainUnverifiedMessage(domain: string): string {
  return `The channel sends from ${domain}, which is not verified yet. Publish its DNS records and press Check DNS under Sending domains.`;
}

export const FROM_NAME_MAX = 100;
const DOMAIN_MAX = 253;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** The part before @ as bulk senders use it: dot-atom characters, no quoting. */
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/i;

/** `example.com` as typed, lower-cased, without a trailing dot; null when it is no domain name. */
export function normalizeDomain(text: string): string | null {
  const domain = text.trim().toLowerCase().replace(/\.$/, '');
  if (domain === '' || domain.length > DOMAIN_MAX) return null;
  const labels = domain.split('.');
  // A domain people send from has a registrable name: at least two labels, a non-numeric TLD.
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null;
  return domain;
}

/** `name@domain` with a valid domain, lower-cased domain; null otherwise. */
export function normalizeAddress(text: string): string | null {
  const address = text.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0 || address.length > 254) return null;
  const local = address.slice(0, at);
  const domain = normalizeDomain(address.slice(at + 1));
  if (local.length > 64 || !LOCAL_PART.test(local) || !domain) return null;
  return `${local}@${domain}`;
}

export function domainOfAddress(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** A From name mail clients show as one line: no line breaks, no control characters. */
export function isValidFromName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.trim().length <= FROM_NAME_MAX && !/[\u0000-\u001f\u007f]/.test(name);
}

/** Whether `domain` is `base` or under it (the return-path domain under the From domain). */
export function isSameOrSubdomain(domain: string, base: string): boolean {
  return domain === base || domain.endsWith(`.${base}`);
}

/** How long the settings screens wait after the last keystroke before showing a field's message. */
export const SENDING_CHECK_DEBOUNCE_MS = 400;

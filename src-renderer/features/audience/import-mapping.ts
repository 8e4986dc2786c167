import { CUSTOM_TARGET_PREFIX, type ImportMapping, type ImportTarget } from '../../../shared/contract/platform-audience';

// The import wizard's first guess at where each CSV column goes, read from its header the way
// the platform reads an unmapped header (any case, spaces and hyphens as `_`), so the editor
// only fixes what it guessed wrong. Reserved columns (status, ids, dates) are ignored.

const BUILT_IN: Record<string, ImportTarget> = {
  email: 'email',
  e_mail: 'email',
  email_address: 'email',
  first_name: 'first_name',
  firstname: 'first_name',
  given_name: 'first_name',
  last_name: 'last_name',
  lastname: 'last_name',
  surname: 'last_name',
  family_name: 'last_name',
  tags: 'tags',
};
const RESERVED = new Set(['tag', 'status', 'unique_id', 'id', 'created_at']);

export function normalizeHeader(header: string): string {
  return header.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export function guessTarget(header: string): ImportTarget {
  const key = normalizeHeader(header);
  if (key === '' || RESERVED.has(key)) return 'ignore';
  return BUILT_IN[key] ?? `${CUSTOM_TARGET_PREFIX}${header.trim()}`;
}

export function guessMapping(headers: readonly string[]): ImportMapping {
  return Object.fromEntries(headers.map((header) => [header, guessTarget(header)]));
}

/** What is wrong with a mapping before it is sent: no email column, or a field chosen twice. */
export function mappingProblem(mapping: ImportMapping): string | null {
  const targets = Object.values(mapping).filter((target) => target !== 'ignore');
  if (!targets.includes('email')) return 'Choose the column that holds the email address.';
  const seen = new Set<string>();
  for (const target of targets) {
    const key = target.startsWith(CUSTOM_TARGET_PREFIX) ? target.toLowerCase() : target;
    if (seen.has(key)) return `Two columns go to ${target.startsWith(CUSTOM_TARGET_PREFIX) ? `the custom field '${target.slice(CUSTOM_TARGET_PREFIX.length)}'` : `'${target}'`}; choose one.`;
    seen.add(key);
  }
  return null;
}

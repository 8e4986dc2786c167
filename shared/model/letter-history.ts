// Version history (issue 35): one rule, used by the platform and the app alike, for what an
// editing session is, which version another one restored, and which old versions thinning
// keeps. Pure: versions are described by when, who and a fingerprint of their content.

/** Revisions further apart than this, or by another person, start a new editing session. */
export const SESSION_GAP_MS = 30 * 60 * 1000;

/** Every revision is kept this many days; older ones keep the last of each editing session. */
export const REVISION_RETENTION_DAYS_DEFAULT = 7;

export interface VersionStamp {
  /** Unique within the list: 'p:{revisionId}' for the platform's, 'l:{id}' for this computer's. */
  key: string;
  /** ISO instant the version was saved. */
  savedAt: string;
  /** Who saved it, as a key (a user's unique id); null: no user (the platform's own jobs). */
  author: string | null;
  /** What the letter's content hashed to (`contentFingerprint`). */
  fingerprint: string;
}

export interface EditingSession<V extends VersionStamp> {
  author: string | null;
  /** Its first and last versions' instants. */
  startedAt: string;
  endedAt: string;
  /** Newest first. */
  versions: V[];
}

const time = (v: VersionStamp) => Date.parse(v.savedAt);
const newestFirst = <V extends VersionStamp>(versions: readonly V[]) => [...versions].sort((a, b) => time(b) - time(a) || (a.key < b.key ? 1 : -1));

/**
 * The versions grouped into editing sessions, newest first: consecutive versions by the
 * same person with less than 30 minutes between one and the next.
 */
export function groupEditingSessions<V extends VersionStamp>(versions: readonly V[]): EditingSession<V>[] {
  const sessions: EditingSession<V>[] = [];
  for (const version of newestFirst(versions)) {
    const current = sessions.at(-1);
    const oldest = current?.versions.at(-1);
    if (current && oldest && current.author === version.author && time(oldest) - time(version) < SESSION_GAP_MS) {
      current.versions.push(version);
      current.startedAt = version.savedAt;
    } else {
      sessions.push({ author: version.author, startedAt: version.savedAt, endedAt: version.savedAt, versions: [version] });
    }
  }
  return sessions;
}

/**
 * For each version whose content is that of an older version with other content between
 * them, the latest such older version: it brought that content back (a restore, or edits
 * undone).
 */
export function restoredFrom(versions: readonly VersionStamp[]): Map<string, VersionStamp> {
  const oldestFirst = newestFirst(versions).reverse();
  const found = new Map<string, VersionStamp>();
  oldestFirst.forEach((version, index) => {
    const previous = oldestFirst[index - 1];
    if (!previous || previous.fingerprint === version.fingerprint) return;
    const earlier = oldestFirst.slice(0, index - 1).findLast((v) => v.fingerprint === version.fingerprint);
    if (earlier) found.set(version.key, earlier);
  });
  return found;
}

/**
 * The versions thinning removes: none younger than `retentionDays`; of the older ones, all
 * but the last of each editing session.
 */
export function versionsToThin<V extends VersionStamp>(versions: readonly V[], now: Date, retentionDays: number): V[] {
  const cutoff = now.getTime() - retentionDays * 24 * 60 * 60 * 1000;
  return groupEditingSessions(versions).flatMap((session) => session.versions.slice(1).filter((v) => time(v) < cutoff));
}

/**
 * What history compares and restores: the composer's document, its blocks and styles. The
 * title is the schedule step's subject and is edited apart from the canvas.
 */
export interface VersionContent {
  blocks: string;
  settings: unknown;
}

/** FNV-1a over the blocks and styles with object keys sorted (the platform's JSON may reorder them). */
export function contentFingerprint(content: VersionContent): string {
  const text = canonicalJson([content.blocks, content.settings]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, '0')}-${text.length}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

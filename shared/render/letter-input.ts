import type { z } from 'zod';
import type { Letter, Section } from '../model';
import { LetterSchema, SectionsJsonSchema } from '../model';

// Reading a letter to render from outside (a file, a request): a Letter as the model has
// it, whose `blocks` may be the spec's JSON string or already a list of sections. Every
// problem is reported with the field it is in; an unknown block type is one of them.

export type LetterInputResult =
  | { ok: true; letter: Letter; sections: Section[] }
  | { ok: false; errors: string[] };

type PathSegment = PropertyKey;

/** `blocks[2].blockModel.width`, `settings.maxWidthDesktop`. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(letter)' : out;
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let value = root;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function describe(issue: z.core.$ZodIssue, root: unknown, prefix: readonly PathSegment[]): string {
  const path = [...prefix, ...issue.path];
  if (issue.code === 'invalid_union' && issue.path[issue.path.length - 1] === 'type') {
    const type = valueAt(root, issue.path);
    if (typeof type === 'string') return `${formatPath(path)}: unknown block type "${type}"`;
  }
  return `${formatPath(path)}: ${issue.message}`;
}

export function parseLetterInput(raw: unknown): LetterInputResult {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { ok: false, errors: ['(letter): expected a JSON object'] };
  }
  const input = raw as Record<string, unknown>;
  const blocksGiven = input.blocks;
  const letterResult = LetterSchema.safeParse({
    ...input,
    blocks: Array.isArray(blocksGiven) ? JSON.stringify(blocksGiven) : blocksGiven,
  });
  const errors: string[] = [];
  if (!letterResult.success) {
    errors.push(...letterResult.error.issues.filter((i) => i.path[0] !== 'blocks').map((i) => describe(i, raw, [])));
  }
  // The sections are checked even when other fields fail, so every problem shows at once.
  let sections: Section[] = [];
  if (Array.isArray(blocksGiven) || (typeof blocksGiven === 'string' && blocksGiven.trim() !== '')) {
    const text = Array.isArray(blocksGiven) ? JSON.stringify(blocksGiven) : (blocksGiven as string);
    const parsed = SectionsJsonSchema.safeParse(text);
    if (parsed.success) sections = parsed.data;
    else {
      const list = Array.isArray(blocksGiven) ? blocksGiven : safeJson(text);
      errors.push(...parsed.error.issues.map((i) => describe(i, list, ['blocks'])));
    }
  } else if (typeof blocksGiven !== 'string') {
    errors.push('blocks: expected a list of sections or its JSON text');
  }
  if (errors.length > 0 || !letterResult.success) return { ok: false, errors };
  return { ok: true, letter: letterResult.data, sections };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

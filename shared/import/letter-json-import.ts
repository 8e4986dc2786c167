import { BLOCK_TYPES, defaultBlockModel } from '../model/blocks/registry';
import type { BlockType } from '../model/blocks/registry';
import type { Letter } from '../model/letter';
import { newSectionCommon } from '../model/section-factory';
import type { IdSource } from './html-to-sections';

// A letter JSON exported from the platform (or written by hand for the render CLI) may lack
// fields: an older export, a letter that never had a social card. What it does not carry is
// taken from a new letter (the caller's `base`): top-level fields, the settings key by key,
// each section's common fields and its block's defaults. What it carries is never changed,
// so a wrong value still fails the letter's schema and is reported with its field.

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `given` over `defaults`, objects merged key by key; lists and other values taken whole. */
function withDefaults(given: unknown, defaults: unknown): unknown {
  if (given === undefined) return defaults;
  if (!isPlainObject(given) || !isPlainObject(defaults)) return given;
  const out: Json = { ...defaults };
  for (const [key, value] of Object.entries(given)) out[key] = withDefaults(value, defaults[key]);
  return out;
}

const KNOWN_TYPES = new Set<string>(BLOCK_TYPES);

/** A section with what it lacks filled in; an unknown type is left for the schema to name. */
function completeSection(raw: unknown, nextId: IdSource): unknown {
  if (!isPlainObject(raw) || typeof raw.type !== 'string' || !KNOWN_TYPES.has(raw.type)) return raw;
  const uniqueId = typeof raw.uniqueId === 'string' && raw.uniqueId !== '' ? raw.uniqueId : nextId();
  const type = raw.type as BlockType;
  const common = { ...newSectionCommon(uniqueId), blocks: [] as unknown[], blockModel: defaultBlockModel(type) };
  const section = withDefaults({ ...raw, uniqueId }, common) as Json;
  if (Array.isArray(raw.blocks)) section.blocks = raw.blocks.map((child) => completeSection(child, nextId));
  return section;
}

/** The letter's `blocks` (a list, or the spec's JSON string) with every section completed. */
function completeBlocks(blocks: unknown, nextId: IdSource): unknown {
  let list: unknown = blocks;
  if (typeof blocks === 'string') {
    if (blocks.trim() === '') return blocks;
    try {
      list = JSON.parse(blocks);
    } catch {
      return blocks;
    }
  }
  return Array.isArray(list) ? list.map((section) => completeSection(section, nextId)) : blocks;
}

/**
 * The raw letter with every field it lacks taken from `base` (a new letter's defaults).
 * Not a Letter yet: parse it with `parseLetterInput`, which names whatever is still wrong.
 */
export function withLetterDefaults(raw: unknown, base: Letter, nextId: IdSource): unknown {
  if (!isPlainObject(raw)) return raw;
  const letter = withDefaults(raw, base) as Json;
  letter.blocks = raw.blocks === undefined ? base.blocks : completeBlocks(raw.blocks, nextId);
  return letter;
}

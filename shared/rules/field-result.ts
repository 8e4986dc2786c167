// What a settings rule answers for one field: the value to store, or the message the
// editor reads and nothing stored. Shared by the block-panel rules in this folder.

// A value the rule corrected rather than refused (a clamped size) carries a `warning` that
// says so: the editor reads why 200 became 72 instead of finding it changed.
export type FieldResult<T> = { ok: true; value: T; warning?: string } | { ok: false; message: string };

export const accept = <T>(value: T, warning?: string): FieldResult<T> => (warning === undefined ? { ok: true, value } : { ok: true, value, warning });
export const refuse = <T = never>(message: string): FieldResult<T> => ({ ok: false, message });

/** A plain decimal number as typed: optional sign, digits, optional fraction. No units, no exponent. */
const DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Text of a number field: '' for blank, the number, or NaN when it is not a number. */
export function readNumber(input: string | number): number | '' {
  if (typeof input === 'number') return input;
  const text = input.trim();
  if (text === '') return '';
  return DECIMAL.test(text) ? Number(text) : Number.NaN;
}

/** Rounds half up on the decimal digits as written, so 1.255 is 1.26 (1.255 * 100 is 125.4999…). */
export function roundTo(value: number, decimals: number): number {
  const shifted = Number(`${value}e${decimals}`);
  if (!Number.isFinite(shifted)) return Math.round(value * 10 ** decimals) / 10 ** decimals;
  return Number(`${Math.round(shifted)}e-${decimals}`);
}

export interface RangeRule {
  /** How the message names the field: 'Image width'. */
  label: string;
  min: number;
  max: number;
  /** What a blank field means; without it a blank field is refused as required. */
  blankAs?: number;
  /** Whole numbers only (the value is rounded, never refused, for a fraction). */
  integer?: boolean;
}

export function requiredMessage(label: string): string {
  return `${label} is required.`;
}

export function notANumberMessage(label: string): string {
  return `${label} must be a number.`;
}

/** Why a number out of its range was stored as the nearest limit: 'Font size is at most 72, so 200 became 72.' */
export function clampedMessage(label: string, typed: number, min: number, max: number): string | undefined {
  if (typed > max) return `${label} is at most ${max}, so ${typed} became ${max}.`;
  if (typed < min) return `${label} is at least ${min}, so ${typed} became ${min}.`;
  return undefined;
}

export function rangeMessage(label: string, min: number, max: number): string {
  return `${label} must be from ${min} to ${max}.`;
}

/** A number from min to max inclusive; anything outside is refused with the range message. */
export function checkRange(input: string | number, rule: RangeRule): FieldResult<number> {
  const read = readNumber(input);
  if (read === '') return rule.blankAs === undefined ? refuse(requiredMessage(rule.label)) : checkRange(rule.blankAs, rule);
  if (!Number.isFinite(read)) return refuse(notANumberMessage(rule.label));
  const value = rule.integer ? Math.round(read) : read;
  if (value < rule.min || value > rule.max) return refuse(rangeMessage(rule.label, rule.min, rule.max));
  return accept(value);
}

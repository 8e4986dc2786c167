import type { ImageCrop } from '../contract/bridge';
import { IMAGE_ALT_MAX, IMAGE_WIDTH_MIN } from '../model/constants';
import { CROP_OPTION_LABELS, CROP_OPTIONS, type CropOption } from '../model/enums';
import { accept, checkRange, refuse, type FieldResult } from './field-result';

// The image panel's rules (spec 2 §5 "Image settings"): alt text, width, crop choices.

export const ALT_TOO_LONG_MESSAGE = 'This alt text is too long.';
export const ALT_QUOTES_MESSAGE = 'Double quotes or single quote are not allowed.';

/** Alt text: at most 140 characters, no ' or " (it is written into an attribute by the sending step). */
export function checkAltText(input: string): FieldResult<string> {
  if (/["']/.test(input)) return refuse(ALT_QUOTES_MESSAGE);
  if (input.length > IMAGE_ALT_MAX) return refuse(ALT_TOO_LONG_MESSAGE);
  return accept(input);
}

export const ALT_QUOTES_EMPTIED_MESSAGE = 'Quotes are not allowed in alt text, so it was left empty.';

/**
 * The events and YouTube panels do not refuse quoted alt text: they store it as empty
 * (spec 2 §5), so the image is never left with a broken attribute, and say so. Too long is
 * still refused.
 */
export function checkAltTextOrEmpty(input: string): FieldResult<string> {
  if (/["']/.test(input)) return accept('', ALT_QUOTES_EMPTIED_MESSAGE);
  return checkAltText(input);
}

/** Whole pixels from 50 up to the letter's desktop width; anything outside is not applied. */
export function checkImageWidth(input: string | number, desktopWidth: number): FieldResult<number> {
  return checkRange(input, { label: 'Image width', min: IMAGE_WIDTH_MIN, max: desktopWidth, integer: true });
}

/** The crop choices the panel offers, in the spec's order, with the image variant each one shows. */
export const IMAGE_CROP_CHOICES: readonly { value: CropOption; label: string }[] = CROP_OPTIONS.map((value) => ({
  value,
  label: CROP_OPTION_LABELS[value],
}));

const VARIANT_OF_CROP: Record<CropOption, ImageCrop> = {
  original: 'original',
  circle: 'circle',
  square: 'square',
  horizontalRectangle: '4:3',
  verticalRectangle: '3:4',
};

/** The key of an imported image's variant (shared/contract) for a stored crop option. */
export function cropVariant(crop: CropOption): ImageCrop {
  return VARIANT_OF_CROP[crop];
}

/** Width and link fields of the image panel are applied this long after the last keystroke. */
export const IMAGE_SETTINGS_DEBOUNCE_MS = 300;

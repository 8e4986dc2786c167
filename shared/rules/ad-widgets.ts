import { accept, refuse, requiredMessage, type FieldResult } from './field-result';

// Ids of the ad widgets (spec 2 §5 "Ad widgets"): all required, each with its own characters.

export const WIDGET_ID_MESSAGE = 'Only alphanumeric characters are allowed here.';
export const PLACEMENT_ID_MESSAGE = 'Only alphanumeric characters and dashes are allowed here.';
export const TEMPLATE_ID_MESSAGE = 'Only alphanumeric characters, underscores and dashes are allowed here.';

function checkId(input: string, label: string, pattern: RegExp, message: string): FieldResult<string> {
  const value = input.trim();
  if (value === '') return refuse(requiredMessage(label));
  return pattern.test(value) ? accept(value) : refuse(message);
}

/** RevContent Widget ID: letters and digits. */
export function checkWidgetId(input: string): FieldResult<string> {
  return checkId(input, 'Widget ID', /^[A-Za-z0-9]+$/, WIDGET_ID_MESSAGE);
}

/** RevContent Placement ID: letters, digits and dashes. */
export function checkPlacementId(input: string): FieldResult<string> {
  return checkId(input, 'Placement ID', /^[A-Za-z0-9-]+$/, PLACEMENT_ID_MESSAGE);
}

/** Iterable Template ID: letters, digits, underscores and dashes. */
export function checkTemplateId(input: string): FieldResult<string> {
  return checkId(input, 'Template ID', /^[A-Za-z0-9_-]+$/, TEMPLATE_ID_MESSAGE);
}

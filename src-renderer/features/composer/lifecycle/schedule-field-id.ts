// The checklist at the top of the schedule step focuses a field in a section below it: one
// id per field, set on the input by the section that renders it. One step is on screen at
// a time, so the ids are unique on the page.

export type FocusableField = string;

export function scheduleFieldId(field: FocusableField): string {
  return `schedule-field-${field}`;
}

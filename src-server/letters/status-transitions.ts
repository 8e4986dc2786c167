import { PublicationStatus, publicationStatusLabel } from '../../shared/model/publication';

// DECISIONS "Letter states the server allows", exactly. The moves the table leaves to the
// scheduler (scheduled → publishing) and to the delivery job (publishing → sending →
// 13/14/15 → published) are deliberately absent: no API call may make them.

const S = PublicationStatus;

export const STATUS_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  [S.draft]: [S.schedule, S.draft],
  [S.review]: [S.schedule, S.draft],
  [S.schedule]: [S.scheduled, S.draft],
  // Pause and edit.
  [S.scheduled]: [S.draft],
  [S.template]: [S.templateConfigure],
  [S.templateDraft]: [S.templateConfigure],
  [S.templateConfigure]: [S.templateConfigured, S.template],
  // Deactivate.
  [S.templateConfigured]: [S.template],
};

export function canChangeStatus(from: number, to: number): boolean {
  return STATUS_TRANSITIONS[from]?.includes(to) ?? false;
}

export function transitionRefusedMessage(from: number, to: number): string {
  return `Sorry, a letter can't go from ${publicationStatusLabel(from)} to ${publicationStatusLabel(to)}.`;
}

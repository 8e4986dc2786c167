// Publication statuses, publication types and letter source types (spec 1 §4).

export const PublicationStatus = {
  draft: 0,
  published: 1,
  scheduled: 2,
  template: 3,
  review: 4,
  publishing: 5,
  /** A list filter meaning "any status"; never stored on a letter. */
  any: 6,
  schedule: 7,
  templateConfigure: 8,
  templateConfigured: 9,
  templateDraft: 10,
  processingForAutomation: 11,
  sending: 12,
  sending25: 13,
  sending50: 14,
  sending75: 15,
} as const;

export type PublicationStatus = (typeof PublicationStatus)[keyof typeof PublicationStatus];

export const PUBLICATION_STATUS_VALUES = Object.values(PublicationStatus) as PublicationStatus[];

/** The label users read for each status. 13–15 all read "Sending", as the spec says. */
export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, string> = {
  0: 'Draft',
  1: 'Published',
  2: 'Scheduled',
  3: 'Template',
  4: 'Review',
  5: 'Publishing',
  6: 'Any',
  7: 'Schedule',
  8: 'Template configure',
  9: 'Template configured',
  10: 'Template draft',
  11: 'Processing for automation',
  12: 'Sending',
  13: 'Sending',
  14: 'Sending',
  15: 'Sending',
};

/** Only these states can be edited; autosave of blocks runs only in them (spec 1 §4). */
export const EDITABLE_STATUSES: readonly PublicationStatus[] = [
  PublicationStatus.draft,
  PublicationStatus.template,
  PublicationStatus.templateDraft,
];

export function isEditableStatus(status: number): boolean {
  return (EDITABLE_STATUSES as readonly number[]).includes(status);
}

/**
 * The letter's settings may also change in the schedule step and template configure: the
 * UTM tracking rows are edited there (spec 1 §2 "SENDING SETTINGS").
 */
export function areSettingsEditable(status: number): boolean {
  return isEditableStatus(status) || status === PublicationStatus.schedule || status === PublicationStatus.templateConfigure;
}

export const PublicationEvent = {
  date: 0,
  newSubscriber: 1,
  automation: 3,
} as const;
export type PublicationEvent = (typeof PublicationEvent)[keyof typeof PublicationEvent];

export const LetterSourceType = {
  application: 0,
  rssFeed: 4,
  browserExtension: 5,
} as const;
export type LetterSourceType = (typeof LetterSourceType)[keyof typeof LetterSourceType];

export function publicationStatusLabel(status: number): string {
  return PUBLICATION_STATUS_LABELS[status as PublicationStatus] ?? `Status ${status}`;
}

/** The states of a template (spec 1 §4): 3 and 10 are both read as template draft. */
export const TEMPLATE_STATUSES: readonly PublicationStatus[] = [
  PublicationStatus.template,
  PublicationStatus.templateDraft,
  PublicationStatus.templateConfigure,
  PublicationStatus.templateConfigured,
];

export function isTemplateStatus(status: number): boolean {
  return (TEMPLATE_STATUSES as readonly number[]).includes(status);
}

/**
 * The letters lists' status filters (issue: 'Any status', 'Drafts', 'Scheduled',
 * 'Published'). Letters on their way out (publishing, sending) count as published; the
 * schedule step and review count as drafts, since they are still being worked on.
 * Templates have a list of their own ('templates'), so 'Any status' means any newsletter
 * status and no other filter holds a template.
 */
export const LETTER_STATUS_FILTERS = {
  any: {
    label: 'Any status',
    statuses: PUBLICATION_STATUS_VALUES.filter((status) => status !== PublicationStatus.any && !isTemplateStatus(status)),
  },
  drafts: { label: 'Drafts', statuses: [PublicationStatus.draft, PublicationStatus.review, PublicationStatus.schedule] },
  scheduled: { label: 'Scheduled', statuses: [PublicationStatus.scheduled] },
  published: {
    label: 'Published',
    statuses: [
      PublicationStatus.published,
      PublicationStatus.publishing,
      PublicationStatus.sending,
      PublicationStatus.sending25,
      PublicationStatus.sending50,
      PublicationStatus.sending75,
    ],
  },
  /** The templates list (spec 1 §2 `.../newsletters/templates`), not offered in the newsletters' status select. */
  templates: { label: 'Templates', statuses: TEMPLATE_STATUSES },
} as const satisfies Record<string, { label: string; statuses: readonly PublicationStatus[] | null }>;
export type LetterStatusFilter = keyof typeof LETTER_STATUS_FILTERS;

/** The columns a letters list sorts by (spec 1 §7). */
export const LETTER_SORT_COLUMNS = ['audience', 'publicationDate', 'title', 'uniqueId', 'updated_at'] as const;
export type LetterSortColumn = (typeof LETTER_SORT_COLUMNS)[number];

import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { AUTOMATION_MESSAGES } from '../../shared/contract/platform-automations';
import { AutomationSettingsSchema, publicationEventOf } from '../../shared/model/automation';
import type { AutomationSettings } from '../../shared/model/automation';
import { PublicationStatus } from '../../shared/model/publication';
import { ITERABLE_ESP } from '../../shared/rules/merge-tag';
import { toJson } from '../db/database';
import type { Database, LetterRow } from '../db/schema';
import type { FieldErrors } from '../http/errors';
import { invalidData } from '../http/errors';
import { nextRunAfter } from './recurrence';

// A template's trigger settings and its activation (issue 32). The configure step
// (save-on-scheduling in template configure) stores the settings with the letter; Activate
// (template configure 8 → configured 9) writes a template_activations row — a recurring
// template with its first run — and Deactivate (9 → template 3) removes it and drops the
// welcomes still waiting. Runs already under way finish: an edition a run made is a letter
// of its own, and a batch of welcomes being sent is sent.

/** Statuses a template is in before it is active: only these take trigger settings. */
const TEMPLATE_STATUSES: readonly number[] = [PublicationStatus.template, PublicationStatus.templateDraft, PublicationStatus.templateConfigure];

/** The stored settings, or null when none (or unreadable: treated as not configured). */
export function automationOf(row: Pick<LetterRow, 'automation'>): AutomationSettings | null {
  if (row.automation === null || row.automation === undefined) return null;
  const parsed = AutomationSettingsSchema.safeParse(row.automation);
  return parsed.success ? parsed.data : null;
}

/** The columns save-on-scheduling writes for `automation` in the request; none when it was left out. */
export function automationColumns(
  row: Pick<LetterRow, 'publicationStatus'>,
  automation: AutomationSettings | undefined,
): { automation?: string; publicationEvent?: number } {
  if (automation === undefined) return {};
  if (!TEMPLATE_STATUSES.includes(row.publicationStatus)) throw invalidData({ automation: [AUTOMATION_MESSAGES.notTemplate] });
  return { automation: toJson(automation), publicationEvent: publicationEventOf(automation) };
}

/**
 * What an automated template needs before Activate: a subject, a preview text, and for a
 * recurring one an audience (a welcome goes to each new subscriber of the channel). A
 * template without trigger settings may still be activated, as before: it runs nothing.
 * Answers whether the template has trigger settings (it will send: the channel must be able to).
 */
export function assertMayActivate(row: Pick<LetterRow, 'title' | 'subtitle' | 'segmentId' | 'esp' | 'automation'>): boolean {
  const settings = automationOf(row);
  if (!settings) return false;
  const errors: FieldErrors = {};
  if (row.title.trim() === '') errors.title = [AUTOMATION_MESSAGES.subject];
  if (row.subtitle.trim() === '') errors.subtitle = [AUTOMATION_MESSAGES.previewText];
  if (settings.trigger === 'recurring' && row.segmentId === null) errors.segmentId = [AUTOMATION_MESSAGES.audience];
  if (row.esp === ITERABLE_ESP) errors.esp = [AUTOMATION_MESSAGES.iterable];
  if (Object.keys(errors).length > 0) throw invalidData(errors, AUTOMATION_MESSAGES.activationRefused);
  return true;
}

/**
 * Activate: the template's activation row, its first run when recurring (the next time on
 * the channel's clock after `now`). Welcome rows a former activation left pending are
 * dropped: a welcome owed before a Deactivate is not sent on the next Activate.
 */
export async function activateTemplate(
  trx: Kysely<Database>,
  row: Pick<LetterRow, 'id' | 'automation'>,
  zone: string,
  now: Date,
): Promise<void> {
  const settings = automationOf(row);
  const nextRunAt = settings?.trigger === 'recurring' ? nextRunAfter(settings.schedule, zone, now) : null;
  await trx
    .insertInto('templateActivations')
    .values({ letterId: row.id, activatedAt: now, nextRunAt })
    .onConflict((c) => c.column('letterId').doUpdateSet({ activatedAt: now, nextRunAt }))
    .execute();
  await sql`DELETE FROM letter_recipients WHERE letter_id = ${row.id} AND status = 'pending'`.execute(trx);
}

/** Deactivate: no next run, no more welcomes; what is being sent right now finishes. */
export async function deactivateTemplate(trx: Kysely<Database>, letterId: number): Promise<void> {
  await trx.deleteFrom('templateActivations').where('letterId', '=', letterId).execute();
  await trx
    .updateTable('automationWelcomes')
    .set({ state: 'dropped' })
    .where('templateId', '=', letterId)
    .where('state', '=', 'waiting')
    .execute();
}

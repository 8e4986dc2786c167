import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Db } from '../db/database';
import { editionsLeftProcessing, recurringRunsDue } from '../automations/recurring-runs';
import { templatesWithWelcomesDue } from '../automations/welcomes';
import { sendOptions } from './delivery-jobs';

// The automations' queue on pg-boss (issue 32): a template's welcomes, a recurring
// template's run, an edition a run left half made. The minute sweep (job-runner.ts) queues
// what is due on the runner's clock; each job is safe to run twice (automations/).

export const AUTOMATION_QUEUE = 'template-automation';

export const AutomationJobSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('welcomes'), templateId: z.number().int().positive() }),
  z.object({ kind: z.literal('recurring'), templateId: z.number().int().positive(), runAt: z.string().datetime() }),
  z.object({ kind: z.literal('finish-edition'), editionId: z.number().int().positive(), runAt: z.string().datetime() }),
]);
export type AutomationJob = z.infer<typeof AutomationJobSchema>;

/** One waiting job per template and run: queuing the same again while one waits adds nothing. */
export function automationJobKey(job: AutomationJob): string {
  if (job.kind === 'welcomes') return `welcomes:${job.templateId}`;
  if (job.kind === 'recurring') return `recurring:${job.templateId}@${job.runAt}`;
  return `edition:${job.editionId}`;
}

export async function queueAutomationJob(boss: PgBoss, job: AutomationJob, retryDelaySeconds: number): Promise<string | null> {
  return boss.send(AUTOMATION_QUEUE, job, { ...sendOptions(retryDelaySeconds), singletonKey: automationJobKey(job) });
}

/** Everything the automations need done at `now`. */
export async function automationsDue(db: Db, now: Date): Promise<AutomationJob[]> {
  const [runs, welcomes, editions] = await Promise.all([recurringRunsDue(db, now), templatesWithWelcomesDue(db, now), editionsLeftProcessing(db)]);
  return [
    ...editions.map((e): AutomationJob => ({ kind: 'finish-edition', editionId: e.editionId, runAt: e.runAt.toISOString() })),
    ...runs.map((r): AutomationJob => ({ kind: 'recurring', templateId: r.templateId, runAt: r.runAt.toISOString() })),
    ...welcomes.map((templateId): AutomationJob => ({ kind: 'welcomes', templateId })),
  ];
}

import { MERGE_TAG_CHECK_FAILED_MESSAGE } from '../../shared/rules/schedule';
import { knownMergeTagNames } from '../../shared/rules/merge-tag';
import { letterMergeTagProblems, mergeTagProblemErrors } from '../../shared/rules/letter-merge-tags';
import { SectionsJsonSchema } from '../../shared/model/section';
import type { Section } from '../../shared/model/section';
import { channelCustomFields } from '../audience/segment-store';
import type { Db } from '../db/database';
import { invalidData } from '../http/errors';

// Scheduling and test sends refuse a letter whose merge tags the validate call would refuse
// (spec: 'Validation failed'), naming each block and tag (shared/rules/letter-merge-tags.ts).

export interface MergeTagCheckInput {
  channelId: number;
  esp: number;
  title: string;
  subjectB: string;
  subtitle: string;
  blocks: string;
  utmEnabled: boolean;
  utms: unknown;
}

function sectionsOf(blocks: string): Section[] {
  if (blocks.trim() === '') return [];
  const parsed = SectionsJsonSchema.safeParse(blocks);
  // Blocks that do not read are refused by the render with their own message.
  return parsed.success ? parsed.data : [];
}

function utmValues(input: MergeTagCheckInput): string[] {
  if (!input.utmEnabled || !Array.isArray(input.utms)) return [];
  return input.utms.flatMap((row: unknown) => (row && typeof row === 'object' && typeof (row as { value?: unknown }).value === 'string' ? [(row as { value: string }).value] : []));
}

export async function assertMergeTagsValid(db: Db, input: MergeTagCheckInput): Promise<void> {
  const sections = sectionsOf(input.blocks);
  const text = [input.title, input.subjectB, input.subtitle, input.blocks, ...utmValues(input)].join('');
  // Most letters have no tag at all: no custom fields to read.
  if (!text.includes('{{')) return;
  const known = knownMergeTagNames({ customFields: await channelCustomFields(db, input.channelId), esp: input.esp });
  const problems = letterMergeTagProblems({ title: input.title, subjectB: input.subjectB, subtitle: input.subtitle, sections, utmValues: utmValues(input) }, known);
  if (problems.length > 0) throw invalidData(mergeTagProblemErrors(problems), MERGE_TAG_CHECK_FAILED_MESSAGE);
}

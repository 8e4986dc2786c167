// The helpers' types are ambient declarations; the reference brings them into any program
// that compiles this file, whichever tsconfig includes it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./mjml-core-helpers.d.ts" />
import mjml2html from 'mjml';
import mergeOutlookConditionnals from 'mjml-core/lib/helpers/mergeOutlookConditionnals.js';
import skeleton from 'mjml-core/lib/helpers/skeleton.js';
import { MJML_OPTIONS } from './compile';
import type { MjmlIssue } from './compile';

// Compiling a letter one section at a time, with the same result as compiling it whole.
//
// mjml2html renders the body, collecting head data (column media queries, component head
// styles) as it goes, then hands both to a skeleton function that writes the document,
// and finally merges adjacent Outlook conditional comments. A top-level section's body HTML
// does not depend on the sections around it (MJML uses a section's position only for the
// wrapper `gap`, which letters never set). So each section is compiled alone, inside the
// letter's own head and body, with a skeleton that only captures what it is given; the
// letter is then the captured pieces in order, written by MJML's own skeleton and merge.
// Letter HTML assembled this way equals compiling the whole MJML (tested byte for byte).

/** What MJML passes its skeleton: the rendered body and the head data collected. */
interface SkeletonData {
  content: string;
  mediaQueries: Record<string, string>;
  headStyle: Record<string, unknown>;
  componentsHeadStyle: unknown[];
  inlineStyle: unknown[];
  htmlAttributes: Record<string, unknown>;
  [key: string]: unknown;
}

export interface CompiledShell {
  /** Body HTML before and after the sections. */
  prefix: string;
  suffix: string;
  data: SkeletonData;
  errors: MjmlIssue[];
}

export interface CompiledSection {
  html: string;
  mediaQueries: Record<string, string>;
  headStyle: Record<string, unknown>;
  componentsHeadStyle: unknown[];
  /** Problems in the section itself; lines count from its own one-section document. */
  errors: MjmlIssue[];
}

const SLOT = 'letterdesk-section-slot';

async function capture(mjml: string): Promise<{ data: SkeletonData; errors: MjmlIssue[] }> {
  let data: SkeletonData | undefined;
  const result = await mjml2html(mjml, {
    ...MJML_OPTIONS,
    skeleton: (...args: unknown[]) => {
      data = args[0] as SkeletonData;
      return '';
    },
  });
  if (!data) throw new Error('MJML did not call the skeleton');
  return { data, errors: result.errors.map(({ line, tagName, message }) => ({ line, tagName, message })) };
}

const issueKey = (issue: MjmlIssue) => `${issue.line}|${issue.tagName}|${issue.message}`;

/** Compiles the letter's head and empty body: the frame every section is compiled in. */
export async function compileShell(open: string, close: string): Promise<CompiledShell> {
  const { data, errors } = await capture(`${open}<mj-raw>${SLOT}</mj-raw>${close}`);
  // Inline styles and html attributes are applied to the whole document after rendering;
  // letters use neither, and section-wise compiling could not reproduce them.
  if (data.inlineStyle.length > 0 || Object.keys(data.htmlAttributes).length > 0) {
    throw new Error('Letters with inline styles or html attributes cannot be compiled section by section');
  }
  const at = data.content.indexOf(SLOT);
  if (at < 0) throw new Error('The section slot is missing from the compiled shell');
  return { prefix: data.content.slice(0, at), suffix: data.content.slice(at + SLOT.length), data, errors };
}

export async function compileSection(shell: CompiledShell, open: string, close: string, sectionMjml: string): Promise<CompiledSection> {
  const { data, errors } = await capture(`${open}${sectionMjml}${close}`);
  const { content } = data;
  if (!content.startsWith(shell.prefix) || !content.endsWith(shell.suffix)) {
    throw new Error('A section compiled outside the frame of its letter');
  }
  const shellIssues = new Set(shell.errors.map(issueKey));
  return {
    html: content.slice(shell.prefix.length, content.length - shell.suffix.length),
    mediaQueries: data.mediaQueries,
    headStyle: data.headStyle,
    componentsHeadStyle: data.componentsHeadStyle,
    errors: errors.filter((issue) => !shellIssues.has(issueKey(issue))),
  };
}

/** The letter's HTML from its shell and its compiled sections, in order. */
export function assembleHtml(shell: CompiledShell, sections: readonly CompiledSection[]): string {
  // Object keys keep their first insertion order, as in MJML's own collection while it
  // renders the sections one after another.
  // The shell's own (the 'View in browser' line's column) come first, as in a whole compile.
  const mediaQueries: Record<string, string> = { ...shell.data.mediaQueries };
  const headStyle: Record<string, unknown> = { ...shell.data.headStyle };
  const componentsHeadStyle: unknown[] = [];
  let body = shell.prefix;
  for (const section of sections) {
    Object.assign(mediaQueries, section.mediaQueries);
    Object.assign(headStyle, section.headStyle);
    componentsHeadStyle.push(...section.componentsHeadStyle);
    body += section.html;
  }
  body += shell.suffix;
  return mergeOutlookConditionnals(skeleton({ ...shell.data, content: body, mediaQueries, headStyle, componentsHeadStyle }));
}

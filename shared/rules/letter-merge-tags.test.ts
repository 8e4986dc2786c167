import { describe, expect, it } from 'vitest';
import { newSection } from '../model/section-factory';
import type { Section } from '../model/section';
import { letterMergeTagProblems, mergeTagProblemErrors } from './letter-merge-tags';
import { knownMergeTagNames } from './merge-tag';

// The letter-wide merge tag check scheduling and test sends run: the validate call's rule
// over every tag the author wrote, each problem named by its block and its tag.

const known = knownMergeTagNames({ customFields: ['member_code'], esp: 0 });

function paragraph(id: string, text: string): Section {
  return { ...newSection('paragraph', id), delta: { ops: [{ insert: `${text}\n` }] } };
}

describe('letterMergeTagProblems', () => {
  it('passes a letter whose tags the validate call accepts, and ignores the renderer’s own and Iterable’s triple braces', () => {
    const button = newSection('button', 'b');
    button.blockModel = { ...button.blockModel, link: 'https://example.com/?m={{ member_code }}' };
    const html = newSection('html', 'h');
    html.blockModel = { ...html.blockModel, value: `<p>{{ first_name | capitalize or &#39;friend&#39; }} {{{snippet "x"}}}</p>` } as never;
    const sections = [paragraph('p', "Hi {{ first_name | capitalize or 'friend' }} ({{ letter.title }})"), button, html];
    expect(letterMergeTagProblems({ title: 'News for {{ first_name }}', subtitle: '', sections }, known)).toEqual([]);
  });

  it('names the block and the tag of a default without a filter, a misspelt name and an unknown one', () => {
    const layout = newSection('layout', 'l');
    layout.blocks = [paragraph('l-0', 'Dear {{ frist_name }}')];
    const sections = [paragraph('p-1', "Hello {{ first_name or 'friend' }}"), layout];
    const problems = letterMergeTagProblems({ title: 'For {{ plan }}', subtitle: '', sections, utmValues: ['spring-{{ First_name }}'] }, known);
    expect(mergeTagProblemErrors(problems)).toEqual({
      title: ["{{ plan }}: Unknown merge tag name 'plan'. Use a subscriber field (email, first_name, last_name, uniqueId), a custom field of this channel or a letter field such as 'letter.title'."],
      utm: ["{{ First_name }}: Unknown merge tag name 'First_name'. Names are case-sensitive: did you mean 'first_name'?"],
      'blocks.p-1': ["Paragraph: {{ first_name or 'friend' }}: A default must follow a filter, as in {{ first_name | capitalize or 'friend' }}."],
      'blocks.l-0': ["Paragraph: {{ frist_name }}: Unknown merge tag name 'frist_name'. Did you mean 'first_name'?"],
    });
  });

  it('takes plain and mixed UTM values, and names a half-written tag in one', () => {
    const values = ['newsletter', 'news-{{ first_name }}', 'x-{{ first_name'];
    expect(mergeTagProblemErrors(letterMergeTagProblems({ title: '', subtitle: '', sections: [], utmValues: values }, known))).toEqual({
      utm: ["x-{{ first_name: The merge tag is not closed: end it with '}}'."],
    });
  });
});

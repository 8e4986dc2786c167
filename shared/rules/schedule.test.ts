import { describe, expect, it } from 'vitest';
import {
  SCHEDULING_REQUIREMENTS_MESSAGE,
  SOCIAL_CARD_DESCRIPTION_TOO_LONG_MESSAGE,
  SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE,
} from '../contract/platform-letters';
import { newLayoutSection, newSection, type Section } from '../model';
import {
  abTestBlocksDraft,
  hasInvalidHtmlBlock,
  initialUtmRows,
  previewTextCount,
  previewTextHint,
  previewTextProblem,
  SCHEDULE_MESSAGES as M,
  schedulingGate,
  socialCardProblems,
  subjectProblems,
  validateUtmRows,
  type SchedulingGateInput,
} from './schedule';

describe('subjects', () => {
  it.each([
    { title: 'Hello', subjectB: '', hasAbTest: false, keys: [] },
    { title: '   ', subjectB: 'B', hasAbTest: false, keys: ['subject empty'] },
    { title: 'A', subjectB: 'B', hasAbTest: true, keys: [] },
    { title: '', subjectB: 'B', hasAbTest: true, keys: ['subject A empty'] },
    { title: 'A', subjectB: ' ', hasAbTest: true, keys: ['subject B empty'] },
    { title: '', subjectB: '', hasAbTest: true, keys: ['subject A empty', 'subject B empty'] },
    { title: 'Same', subjectB: 'Same', hasAbTest: true, keys: ['duplicate subjects'] },
    // Equal after trimming counts as equal; a difference in case does not.
    { title: ' Same ', subjectB: 'Same  ', hasAbTest: true, keys: ['duplicate subjects'] },
    { title: 'Same', subjectB: 'same', hasAbTest: true, keys: [] },
  ])('$title / $subjectB (A/B $hasAbTest) → $keys', ({ keys, ...fields }) => {
    expect(subjectProblems(fields).map((p) => p.key)).toEqual(keys);
  });

  it('puts each message on the field it belongs to', () => {
    expect(subjectProblems({ title: 'X', subjectB: 'X', hasAbTest: true })).toEqual([
      { key: 'duplicate subjects', field: 'subjectB', message: M.duplicateSubjects },
    ]);
    expect(subjectProblems({ title: '', subjectB: 'X', hasAbTest: true })[0]).toMatchObject({ field: 'title', message: M.subjectAEmpty });
  });

  it('blocks Save as draft only when the A/B test is on and incomplete or equal', () => {
    expect(abTestBlocksDraft({ title: '', subjectB: '', hasAbTest: false })).toBe(false);
    expect(abTestBlocksDraft({ title: 'A', subjectB: '', hasAbTest: true })).toBe(true);
    expect(abTestBlocksDraft({ title: '', subjectB: 'B', hasAbTest: true })).toBe(true);
    expect(abTestBlocksDraft({ title: 'A ', subjectB: 'A', hasAbTest: true })).toBe(true);
    expect(abTestBlocksDraft({ title: 'A', subjectB: 'B', hasAbTest: true })).toBe(false);
  });
});

describe('preview text', () => {
  it('counts in the hint as the spec writes it', () => {
    expect(previewTextCount('x'.repeat(42))).toBe('42/150 characters');
    expect(previewTextHint('')).toBe('The Preview text may not be greater than 150 characters. (0/ 150)');
    expect(previewTextHint('x'.repeat(151))).toBe('The Preview text may not be greater than 150 characters. (151/ 150)');
  });

  it.each([
    { length: 0, ok: false },
    { length: 1, ok: true },
    { length: 149, ok: true },
    { length: 150, ok: true },
    { length: 151, ok: false },
  ])('$length characters → ok $ok', ({ length, ok }) => {
    expect(previewTextProblem('x'.repeat(length)) === null).toBe(ok);
  });

  it('says required for blank text and gives the counter when too long', () => {
    expect(previewTextProblem('  ')).toBe(M.previewText);
    expect(previewTextProblem('y'.repeat(200))).toBe('The Preview text may not be greater than 150 characters. (200/ 150)');
  });
});

describe('social card', () => {
  const card = (headline: string, description = 'About this issue') => socialCardProblems({ openGraphHeadline: headline, openGraphDescription: description });

  it.each([
    { headline: '', expected: M.headline },
    { headline: '   ', expected: M.headline },
    { headline: 'h'.repeat(80), expected: undefined },
    { headline: 'h'.repeat(81), expected: M.headlineFieldMax },
    { headline: 'h'.repeat(180), expected: M.headlineFieldMax },
    { headline: 'h'.repeat(181), expected: SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE },
    // Newlines are not counted.
    { headline: `${'h'.repeat(40)}\n\n${'h'.repeat(40)}`, expected: undefined },
    { headline: `${'h'.repeat(100)}\r\n${'h'.repeat(80)}`, expected: M.headlineFieldMax },
  ])('headline of $headline.length characters', ({ headline, expected }) => {
    expect(card(headline).openGraphHeadline).toBe(expected);
  });

  it.each([
    { description: '', expected: M.description },
    { description: 'd'.repeat(180), expected: undefined },
    { description: 'd'.repeat(181), expected: SOCIAL_CARD_DESCRIPTION_TOO_LONG_MESSAGE },
    { description: `${'d'.repeat(90)}\n${'d'.repeat(90)}\n`, expected: undefined },
  ])('description of $description.length characters', ({ description, expected }) => {
    expect(card('Headline', description).openGraphDescription).toBe(expected);
  });
});

describe('UTM rows', () => {
  const tag = "{{ first_name | upcase or 'friend' }}";

  it('starts with one empty row, or the saved rows', () => {
    expect(initialUtmRows([])).toEqual([{ key: '', value: '' }]);
    expect(initialUtmRows([{ key: 'utm_source', value: tag }])).toEqual([{ key: 'utm_source', value: tag }]);
  });

  it.each([
    { key: 'utm_source', value: tag, problems: {} },
    { key: '', value: tag, problems: { key: M.utmKeyRequired } },
    { key: '   ', value: tag, problems: { key: M.utmKeyRequired } },
    { key: 'utm source', value: tag, problems: { key: M.utmKeyWhitespace } },
    { key: 'utm\tsource', value: tag, problems: { key: M.utmKeyWhitespace } },
    { key: 'utm_source', value: '', problems: { value: M.utmValueRequired } },
    { key: 'utm_source', value: 'newsletter', problems: {} },
    { key: 'utm_campaign', value: 'news-{{ first_name }}', problems: {} },
    { key: 'utm_source', value: '{{ first_name', problems: { value: "The merge tag is not closed: end it with '}}'." } },
  ])('$key = $value', ({ key, value, problems }) => {
    const result = validateUtmRows([{ key, value }]);
    expect(result.rows[0]).toEqual(problems);
    expect(result.valid).toBe(Object.keys(problems).length === 0);
  });

  it('marks the later of two equal keys, compared after trimming', () => {
    const result = validateUtmRows([
      { key: 'utm_source', value: tag },
      { key: 'utm_medium', value: tag },
      { key: ' utm_source ', value: tag },
    ]);
    expect(result.rows).toEqual([{}, {}, { key: M.utmKeyDuplicate }]);
    expect(result.valid).toBe(false);
  });

  it('trims keys and values of what it would save', () => {
    const result = validateUtmRows([{ key: ' utm_campaign ', value: `  ${tag} ` }]);
    expect(result.valid).toBe(true);
    expect(result.entries).toEqual([{ key: 'utm_campaign', value: tag }]);
  });
});

describe('the primary action gate', () => {
  const ready: SchedulingGateInput = {
    atScheduleStep: true,
    requestsActive: false,
    saving: false,
    htmlBlockInvalid: false,
    segmentId: 0,
    openGraphHeadline: 'Headline',
    publicationDate: '2030-01-01 09:00:00',
    title: 'Subject',
    subtitle: 'Preview',
    otherRequiredMissing: false,
    fieldErrors: false,
  };

  it('lets a complete letter through', () => {
    expect(schedulingGate(ready)).toEqual({ blocked: false, hint: null });
  });

  it.each([
    { segmentId: null },
    { openGraphHeadline: ' ' },
    { publicationDate: null },
    { title: '' },
    { subtitle: '  ' },
    { otherRequiredMissing: true },
  ])('asks for the required fields when %o is missing', (missing) => {
    expect(schedulingGate({ ...ready, ...missing })).toEqual({ blocked: true, hint: SCHEDULING_REQUIREMENTS_MESSAGE });
  });

  it('counts audience 0 (All active subscribers) as chosen', () => {
    expect(schedulingGate({ ...ready, segmentId: 0 }).blocked).toBe(false);
  });

  it('ignores the required fields before the schedule step', () => {
    expect(schedulingGate({ ...ready, atScheduleStep: false, segmentId: null, title: '', fieldErrors: true })).toEqual({ blocked: false, hint: null });
  });

  it('blocks while busy, for an invalid html block and for field errors', () => {
    expect(schedulingGate({ ...ready, requestsActive: true })).toEqual({ blocked: true, hint: null });
    expect(schedulingGate({ ...ready, saving: true })).toEqual({ blocked: true, hint: null });
    expect(schedulingGate({ ...ready, htmlBlockInvalid: true })).toEqual({ blocked: true, hint: M.htmlBlockInvalid });
    expect(schedulingGate({ ...ready, atScheduleStep: false, htmlBlockInvalid: true }).blocked).toBe(true);
    expect(schedulingGate({ ...ready, fieldErrors: true })).toEqual({ blocked: true, hint: M.fixFields });
  });
});

describe('html blocks', () => {
  const html = (isValid: boolean, isRelaxed: boolean): Section => {
    const section = newSection('html', `html-${String(isValid)}-${String(isRelaxed)}`);
    if (section.type !== 'html') throw new Error('not an html section');
    return { ...section, blockModel: { html: '<p>x</p>', isValid, isRelaxed } };
  };

  it('finds an invalid, strict html block at any depth', () => {
    expect(hasInvalidHtmlBlock([newSection('paragraph', 'p'), html(true, false)])).toBe(false);
    expect(hasInvalidHtmlBlock([html(false, true)])).toBe(false);
    expect(hasInvalidHtmlBlock([html(false, false)])).toBe(true);
    const layout = newLayoutSection('layout-1', 4);
    expect(hasInvalidHtmlBlock([{ ...layout, blocks: [newSection('paragraph', 'p2'), html(false, false)] }])).toBe(true);
  });

  it('does not count an empty html block as invalid: it has nothing to check', () => {
    expect(hasInvalidHtmlBlock([newSection('html', 'fresh')])).toBe(false);
    const blank = html(false, false);
    if (blank.type !== 'html') throw new Error('not an html section');
    expect(hasInvalidHtmlBlock([{ ...blank, blockModel: { ...blank.blockModel, html: '  \n' } }])).toBe(false);
  });
});

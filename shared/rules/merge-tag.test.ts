import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LETTER_MERGE_FIELDS,
  VALID_MERGE_TAG_MESSAGE,
  knownMergeTagNames,
  parseMergeTag,
  validateMergeTag,
} from './merge-tag';

const known = knownMergeTagNames({ customFields: ['company', 'plan.tier', 'Favourite colour'], esp: 0 });

describe('parseMergeTag: the three forms of DECISIONS, spaces optional', () => {
  it.each([
    ['{{ first_name }}', { name: 'first_name', filters: [], defaultValue: null }],
    ['{{first_name}}', { name: 'first_name', filters: [], defaultValue: null }],
    ['{{ first_name | capitalize }}', { name: 'first_name', filters: ['capitalize'], defaultValue: null }],
    ['{{first_name|capitalize}}', { name: 'first_name', filters: ['capitalize'], defaultValue: null }],
    ["{{ first_name | capitalize or 'friend' }}", { name: 'first_name', filters: ['capitalize'], defaultValue: 'friend' }],
    ["{{first_name|capitalize or'friend'}}", { name: 'first_name', filters: ['capitalize'], defaultValue: 'friend' }],
    ['{{ letter.title | upcase | trim }}', { name: 'letter.title', filters: ['upcase', 'trim'], defaultValue: null }],
    ['{{ email | f or "it\'s me" }}', { name: 'email', filters: ['f'], defaultValue: "it's me" }],
    ["{{ email | f or '' }}", { name: 'email', filters: ['f'], defaultValue: '' }],
    ["{{ email | f or 'a }} b' }}", { name: 'email', filters: ['f'], defaultValue: 'a }} b' }],
    ['  {{ uniqueId }}  ', { name: 'uniqueId', filters: [], defaultValue: null }],
    ['{{ x | or }}', { name: 'x', filters: ['or'], defaultValue: null }],
  ])('%s', (input, tag) => {
    expect(parseMergeTag(input)).toEqual({ ok: true, tag });
  });
});

describe('parseMergeTag: refusals say what is wrong', () => {
  it.each([
    ['', 'Enter a merge tag, as in {{ first_name }}.'],
    ['first_name', "A merge tag starts with '{{', as in {{ first_name }}."],
    ['{ first_name }}', "A merge tag starts with '{{', as in {{ first_name }}."],
    ['Hi {{ first_name }}', "Only one merge tag is expected: remove the text before '{{'."],
    ['{{ first_name }} there', "Only one merge tag is expected: remove the text after '}}'."],
    ['{{ first_name', "The merge tag is not closed: end it with '}}'."],
    ['{{ first_name }', "The merge tag is not closed: end it with '}}'."],
    ['{{', "The merge tag is not closed: end it with '}}'."],
    ['{{ }}', 'The merge tag has no name, as in {{ first_name }}.'],
    ['{{ | upcase }}', 'The merge tag has no name, as in {{ first_name }}.'],
    ['{{ first-name }}', "'first-name' is not a valid name: use letters, digits, '_' and '.'."],
    ['{{ prénom }}', "'prénom' is not a valid name: use letters, digits, '_' and '.'."],
    ['{{ letter..title }}', "The name 'letter..title' has an empty part: dots separate parts, as in letter.title."],
    ['{{ .email }}', "The name '.email' has an empty part: dots separate parts, as in letter.title."],
    ['{{ first name }}', "Expected '|' or '}}' after 'first', found 'name'."],
    ['{{ email | }}', "A filter name is missing after '|'."],
    ['{{ email || upcase }}', "A filter name is missing after '|'."],
    ['{{ email | up-case }}', "'up-case' is not a valid filter: use letters, digits and '_'."],
    ['{{ email | upcase trim }}', "Expected '|', 'or' or '}}' after the filter, found 'trim'."],
    ["{{ first_name or 'friend' }}", "A default must follow a filter, as in {{ first_name | capitalize or 'friend' }}."],
    ['{{ email | f or friend }}', "Put the default in quotes after 'or', as in or 'friend'."],
    ['{{ email | f or }}', "Put the default in quotes after 'or', as in or 'friend'."],
    ["{{ email | f or 'friend }}", "The default's quote is never closed: add ' after the default."],
    ['{{ email | f or "friend }}', `The default's quote is never closed: add " after the default.`],
    ["{{ email | f or 'a' | g }}", "Nothing may follow the default except '}}'."],
    ["{{ email | f or 'a'", "The merge tag is not closed: end it with '}}'."],
  ])('%s', (input, message) => {
    expect(parseMergeTag(input)).toEqual({ ok: false, message });
  });

  it('never throws, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseMergeTag(text);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });

  it('reads back every well-formed tag it could be given', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/);
    const name = fc.array(word, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
    const space = fc.constantFrom('', ' ', '  ');
    fc.assert(
      fc.property(name, fc.array(word, { maxLength: 3 }), fc.option(fc.stringMatching(/^[^']{0,10}$/)), space, (n, filters, fallback, s) => {
        const withDefault = filters.length > 0 && fallback !== null;
        const text = `{{${s}${n}${filters.map((f) => `${s}|${s}${f}`).join('')}${withDefault ? ` or${s}'${fallback}'` : ''}${s}}}`;
        expect(parseMergeTag(text)).toEqual({
          ok: true,
          tag: { name: n, filters, defaultValue: withDefault ? fallback : null },
        });
      }),
    );
  });
});

describe('validateMergeTag: known names', () => {
  it('accepts subscriber, letter and the channel custom fields', () => {
    for (const tag of ['{{ email }}', '{{ uniqueId }}', '{{ company | upcase }}', '{{ plan.tier }}', `{{ ${LETTER_MERGE_FIELDS[2]} }}`]) {
      expect(validateMergeTag(tag, known)).toEqual({ valid: true, message: VALID_MERGE_TAG_MESSAGE });
    }
  });

  it('refuses an unknown name, naming it', () => {
    expect(validateMergeTag('{{ nickname }}', known)).toEqual({
      valid: false,
      message:
        "Unknown merge tag name 'nickname'. Use a subscriber field (email, first_name, last_name, uniqueId), a custom field of this channel or a letter field such as 'letter.title'.",
    });
  });

  it('points out a name that differs only in case', () => {
    expect(validateMergeTag('{{ First_Name }}', known)).toEqual({
      valid: false,
      message: "Unknown merge tag name 'First_Name'. Names are case-sensitive: did you mean 'first_name'?",
    });
  });

  it('reports grammar before names', () => {
    expect(validateMergeTag('{{ nickname', known).message).toBe("The merge tag is not closed: end it with '}}'.");
  });
});

describe('knownMergeTagNames', () => {
  it('leaves out custom fields no merge tag could spell, and adds unsubscribeUrl only for Iterable', () => {
    expect(known).toContain('company');
    expect(known).not.toContain('Favourite colour');
    expect(known).not.toContain('unsubscribeUrl');
    expect(knownMergeTagNames({ customFields: [], esp: 1 })).toContain('unsubscribeUrl');
  });
});

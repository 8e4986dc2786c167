import { describe, expect, it } from 'vitest';
import { UTM_VALUE_REQUIRED_MESSAGE, UTM_VALUE_UNCLOSED_MESSAGE, UTM_VALUE_UNOPENED_MESSAGE, utmValueProblem, utmValueTags } from './utm-value';

describe('UTM values (issue 37)', () => {
  it.each(['newsletter', 'spring sale', '{{ first_name }}', "{{ first_name | capitalize or 'friend' }}", 'news-{{ first_name }}', '{{ letter.id }}-{{ uniqueId }}-x'])(
    'accepts %s: plain text, a merge tag, or both mixed',
    (value) => expect(utmValueProblem(value)).toBeUndefined(),
  );

  it.each([
    ['', UTM_VALUE_REQUIRED_MESSAGE],
    ['   ', UTM_VALUE_REQUIRED_MESSAGE],
    ['news-{{ first_name', UTM_VALUE_UNCLOSED_MESSAGE],
    ['{', UTM_VALUE_UNCLOSED_MESSAGE],
    ['news-{{ first_name }', UTM_VALUE_UNCLOSED_MESSAGE],
    ['{{ first_name }}}', UTM_VALUE_UNCLOSED_MESSAGE],
    ['news}', UTM_VALUE_UNOPENED_MESSAGE],
    ['news-first_name }}', UTM_VALUE_UNOPENED_MESSAGE],
    ["{{ first_name or 'x' }}", "A default must follow a filter, as in {{ first_name | capitalize or 'friend' }}."],
    ["news-{{ first_name or 'x' }}", "{{ first_name or 'x' }}: A default must follow a filter, as in {{ first_name | capitalize or 'friend' }}."],
  ])('refuses %j', (value, message) => expect(utmValueProblem(value)).toBe(message));

  it('lists each tag of a value once, for the platform to confirm', () => {
    expect(utmValueTags('newsletter')).toEqual([]);
    expect(utmValueTags('{{ first_name }}-{{ letter.id }}-{{ first_name }}')).toEqual(['{{ first_name }}', '{{ letter.id }}']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  PLACEMENT_ID_MESSAGE,
  TEMPLATE_ID_MESSAGE,
  WIDGET_ID_MESSAGE,
  checkPlacementId,
  checkTemplateId,
  checkWidgetId,
} from './ad-widgets';
import type { FieldResult } from './field-result';

type Check = (input: string) => FieldResult<string>;

describe.each<[string, Check, string[], string[], string]>([
  ['Widget ID', checkWidgetId, ['123456', 'abcXYZ9', ' 42 '], ['12-34', 'ab_c', 'a b', 'é1'], WIDGET_ID_MESSAGE],
  ['Placement ID', checkPlacementId, ['home-top-1', 'ABC', '-'], ['home_top', 'a.b', 'a b'], PLACEMENT_ID_MESSAGE],
  ['Template ID', checkTemplateId, ['demo', 'spring_2026-a', '_'], ['a.b', 'a b', 'a/b', 'ä'], TEMPLATE_ID_MESSAGE],
])('%s', (label, check, good, bad, message) => {
  it.each(good)('accepts %j', (input) => {
    expect(check(input)).toEqual({ ok: true, value: input.trim() });
  });

  it.each(bad)('refuses %j with the spec message', (input) => {
    expect(check(input)).toEqual({ ok: false, message });
  });

  it('is required', () => {
    expect(check('  ')).toEqual({ ok: false, message: `${label} is required.` });
  });
});

describe('the spec words', () => {
  it('match spec 2 §5', () => {
    expect(WIDGET_ID_MESSAGE).toBe('Only alphanumeric characters are allowed here.');
    expect(PLACEMENT_ID_MESSAGE).toBe('Only alphanumeric characters and dashes are allowed here.');
    expect(TEMPLATE_ID_MESSAGE).toBe('Only alphanumeric characters, underscores and dashes are allowed here.');
  });
});

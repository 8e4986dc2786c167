import { describe, expect, it } from 'vitest';
import { addListParams, parseListParams, removeListParams, serializeListParams, sortFromParams, valueFromParams } from './list-query-string';

describe('list query strings (spec 3 §2)', () => {
  it('writes lists as repeated keys with a [] suffix and drops empty values', () => {
    expect(serializeListParams({ sort: 'title', direction: 'asc', tags: ['news', '', 'sports'], search: '', empty: [] })).toBe(
      '?sort=title&direction=asc&tags[]=news&tags[]=sports',
    );
    expect(serializeListParams({ search: '' })).toBe('');
  });

  it('reads them back, lists as lists', () => {
    expect(parseListParams('?sort=title&tags[]=news&tags%5B%5D=sports&search=&q=tide%20tables')).toEqual({
      sort: 'title',
      tags: ['news', 'sports'],
      q: 'tide tables',
    });
    expect(parseListParams(serializeListParams({ search: 'a&b=c', tags: ['x y'] }))).toEqual({ search: 'a&b=c', tags: ['x y'] });
  });

  it('adds, removes and overrides parameters', () => {
    const current = { sort: 'title', search: 'tide' };
    expect(addListParams(current, { status: 'drafts', search: 'harbour' })).toEqual({ sort: 'title', search: 'harbour', status: 'drafts' });
    expect(removeListParams(current, ['search', 'nothing'])).toEqual({ sort: 'title' });
  });

  it('holds sort as one field and direction pair, with the default when the address names none or a bad one', () => {
    const fields = ['title', 'updated_at'] as const;
    const fallback = { field: 'updated_at' as const, direction: 'desc' as const };
    expect(sortFromParams({}, fields, fallback)).toEqual(fallback);
    expect(sortFromParams({ sort: 'title', direction: 'asc' }, fields, fallback)).toEqual({ field: 'title', direction: 'asc' });
    expect(sortFromParams({ sort: 'title', direction: 'sideways' }, fields, fallback)).toEqual({ field: 'title', direction: 'desc' });
    expect(sortFromParams({ sort: 'password' }, fields, fallback)).toEqual(fallback);
    expect(valueFromParams({ status: 'drafts' }, 'status', ['any', 'drafts'], 'any')).toBe('drafts');
    expect(valueFromParams({ status: 'deleted' }, 'status', ['any', 'drafts'], 'any')).toBe('any');
  });
});

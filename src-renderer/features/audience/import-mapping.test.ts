import { describe, expect, it } from 'vitest';
import { guessMapping, mappingProblem } from './import-mapping';

describe('import mapping', () => {
  it('guesses built-in fields from headers in any case, ignores reserved ones, and keeps the rest as custom fields', () => {
    expect(guessMapping(['E-mail', 'First Name', 'surname', 'Tags', 'Status', 'Favourite colour'])).toEqual({
      'E-mail': 'email',
      'First Name': 'first_name',
      surname: 'last_name',
      Tags: 'tags',
      Status: 'ignore',
      'Favourite colour': 'custom:Favourite colour',
    });
  });

  it('needs an email column and no field chosen twice', () => {
    expect(mappingProblem({ Name: 'first_name' })).toBe('Choose the column that holds the email address.');
    expect(mappingProblem({ a: 'email', b: 'email' })).toBe("Two columns go to 'email'; choose one.");
    expect(mappingProblem({ a: 'email', b: 'custom:City', c: 'custom:city' })).toBe("Two columns go to the custom field 'city'; choose one.");
    expect(mappingProblem({ a: 'email', b: 'ignore', c: 'ignore' })).toBeNull();
  });
});

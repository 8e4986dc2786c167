import { describe, expect, it } from 'vitest';
import { claimantJson, type Letter } from '../../../shared/model/letter';
import { createHeldClaims } from './held-claims';

// Which pulled letters tell their former holder that someone took them over.

const ME = { uniqueId: 'me', name: 'Demo', surname: 'Editor', email: 'editor@example.com' };
const ADA = { uniqueId: 'ada', name: 'Ada', surname: 'Lovelace', email: 'ada@example.com' };
const pulled = (uniqueId: string, claimant: string | null) => ({ uniqueId, claimant }) as Letter;

describe('held claims', () => {
  it('names who took over a held letter, once, and nothing for letters held by this editor or not held here', () => {
    const claims = createHeldClaims();
    claims.granted('held', 'me');
    claims.granted('still mine', 'me');
    expect(
      claims.takenOver([pulled('held', claimantJson(ADA)), pulled('still mine', claimantJson(ME)), pulled('never held', claimantJson(ADA))]),
    ).toEqual([{ uniqueId: 'held', name: 'Ada' }]);
    expect(claims.takenOver([pulled('held', claimantJson(ADA))])).toEqual([]);
    expect(claims.takenOver([pulled('still mine', claimantJson(ADA))])).toEqual([{ uniqueId: 'still mine', name: 'Ada' }]);
  });

  it('says nothing for a letter whose claim was refused since, or whose claimant is empty or unreadable', () => {
    const claims = createHeldClaims();
    claims.granted('refused later', 'me');
    claims.released('refused later');
    claims.granted('held', 'me');
    expect(claims.takenOver([pulled('refused later', claimantJson(ADA)), pulled('held', null), pulled('held', '{not json')])).toEqual([]);
    expect(claims.takenOver([pulled('held', claimantJson(ADA))])).toEqual([{ uniqueId: 'held', name: 'Ada' }]);
  });
});

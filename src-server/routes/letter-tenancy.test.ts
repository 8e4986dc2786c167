import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { letterListQueryString } from '../../shared/contract/platform-letters';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import type { AccountFixture } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { READY_TO_SCHEDULE, channelId, claimantJson, createLetterAs, setStatus } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createOutsiders } from '../testing/route-suite';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// Another tenant's user, on every call this part added: refused (403 for a channel named by
// id, 404 where a slug or a letter is looked up among their own), shown nothing, and
// nothing changes. The rival's channel is also called `weekly`, so slug paths resolve to
// their own channel and must still not reach the demo letters.

let t: TestApp;
let editor: Headers;
let rival: Headers;
let rivalAccount: AccountFixture;
let loner: Headers;
let weeklyId: number;
let letter: Letter;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = await channelId(t.db, 'weekly');
  ({ rival, rivalAccount, loner } = await createOutsiders(t));
  letter = await createLetterAs(t.app, editor, { brand: 'demo', channel: 'weekly', channelId: weeklyId }, {
    ...READY_TO_SCHEDULE,
    title: 'Demo secret',
  });
  await setStatus(t.db, letter.id!, 7);
});
afterAll(async () => {
  await t.close();
});

async function everything() {
  const letters = await t.db.selectFrom('letters').selectAll().orderBy('id').execute();
  const revisions = await t.db.selectFrom('letterRevisions').select(['letterId', 'version']).orderBy('id').execute();
  return { letters, revisions };
}

/** Through the rival's own channel: 404 for the rival, 403 for the loner (not theirs either). */
const THEIRS = [403, 404];

type Call = { name: string; method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: object; expected: number[] };

function calls(): Call[] {
  const id = letter.id!;
  const claimant = claimantJson('c-eve', 'Eve');
  return [
    { name: 'resolveId', method: 'GET', url: platformPaths.resolveLetterId('weekly', id), expected: [404] },
    { name: 'resolveId by uniqueId', method: 'GET', url: platformPaths.resolveLetterId('weekly', letter.uniqueId), expected: [404] },
    {
      name: 'save-on-scheduling',
      method: 'POST',
      url: platformPaths.saveOnScheduling(weeklyId, id),
      payload: {
        claimant,
        emailTemplate: '',
        hasAbTest: false,
        openGraphHeadline: 'Hijacked',
        openGraphDescription: '',
        openGraphImageUrl: '',
        publicationDate: '2099-01-01 00:00:00',
        publicationStatus: 2,
        publicationDateTzCode: null,
        segmentId: 0,
        subjectB: '',
        subtitle: 'x',
        title: 'Hijacked',
        uniqueId: letter.uniqueId,
        updatePreviewText: false,
      },
      expected: [403],
    },
    {
      name: 'update-status',
      method: 'POST',
      url: platformPaths.updateStatus(weeklyId, id),
      payload: { publicationStatus: 2, currentStatus: 7, uniqueId: letter.uniqueId, pollIds: [] },
      expected: [403],
    },
    {
      name: 'update-letter',
      method: 'POST',
      url: platformPaths.updateLetter('weekly', id),
      payload: { ...letter, baseVersion: letter.version, title: 'Hijacked', claimant },
      expected: [404],
    },
    { name: 'update-private', method: 'POST', url: platformPaths.updatePrivate('weekly', id), payload: { private: true }, expected: [404] },
    {
      name: 'settings',
      method: 'POST',
      url: platformPaths.letterSettings('weekly', letter.uniqueId),
      payload: { settings: defaultLetterSettings() },
      expected: [404],
    },
    { name: 'claim', method: 'POST', url: platformPaths.claimLetter('weekly', id), payload: { claimant, force: true }, expected: [404] },
    {
      name: 'clone into their channel',
      method: 'POST',
      url: platformPaths.cloneLetter(id),
      payload: { channelId: rivalAccount.channelId, status: 0 },
      expected: THEIRS,
    },
    { name: 'clone into ours', method: 'POST', url: platformPaths.cloneLetter(id), payload: { channelId: weeklyId, status: 0 }, expected: [403] },
    { name: 'delete', method: 'DELETE', url: platformPaths.letter('demo', 'weekly', id), expected: [403] },
    { name: 'delete through their brand', method: 'DELETE', url: platformPaths.letter('rival', 'weekly', id), expected: THEIRS },
    {
      name: 'include-company-letters',
      method: 'GET',
      url: `${platformPaths.includeCompanyLetters(weeklyId, id)}?channelSlug=weekly`,
      expected: [403],
    },
    {
      name: 'include-company-letters through their channel',
      method: 'GET',
      url: platformPaths.includeCompanyLetters(rivalAccount.channelId, id),
      expected: THEIRS,
    },
  ];
}

describe("another tenant's user", () => {
  it('is refused on every new letter call and changes nothing', async () => {
    const before = await everything();
    for (const call of calls()) {
      for (const headers of [rival, loner]) {
        const response = await t.app.inject({ method: call.method, url: call.url, headers, ...(call.payload ? { payload: call.payload } : {}) });
        expect(call.expected, `${call.name}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
        expect(response.body).not.toContain('Demo secret');
        expect(response.body).not.toContain(letter.uniqueId);
      }
    }
    expect(await everything()).toEqual(before);
  });

  it('lists only their own channel of the same slug, and gets 404 without one', async () => {
    const own = await t.app.inject({ method: 'GET', url: `${platformPaths.channelLetters('weekly')}${letterListQueryString({ status: 6 })}`, headers: rival });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ items: [], total: 0 });
    const none = await t.app.inject({ method: 'GET', url: platformPaths.channelLetters('weekly'), headers: loner });
    expect(none.statusCode).toBe(404);
  });

  it('never sees the letters in the sync feed', async () => {
    for (const headers of [rival, loner]) {
      const response = await t.app.inject({ method: 'GET', url: `${platformPaths.syncChanges()}?since=0`, headers });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ items: [], hasMore: false });
    }
    // The owner does (eventually: the feed waits for older transactions in the cluster).
    let seen = false;
    for (let attempt = 0; attempt < 200 && !seen; attempt += 1) {
      const response = await t.app.inject({ method: 'GET', url: `${platformPaths.syncChanges()}?since=0`, headers: editor });
      seen = response.json<{ items: { id: number }[] }>().items.some((item) => item.id === letter.id);
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen).toBe(true);
  });
});

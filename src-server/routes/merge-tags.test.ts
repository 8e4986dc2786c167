import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelIdOf, createRival, insertLetter, insertSubscriber } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
let editor: { authorization: string };
let weeklyLetter: number;
let iterableLetter: number;
let rival: Rival;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  const weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
  const companyId = await channelIdOf(t.db, 'demo', 'company');
  weeklyLetter = await insertLetter(t.db, { channelId: weeklyId });
  iterableLetter = await insertLetter(t.db, { channelId: weeklyId, esp: 1 });
  await insertSubscriber(t.db, { channelId: companyId, email: 'staff@example.com', customFields: { desk: '4B' } });
  rival = await createRival(t);
});
afterAll(async () => {
  await t.close();
});

function check(letterId: number, payload: Record<string, unknown>, headers = editor) {
  return t.app.inject({ method: 'POST', url: platformPaths.validateMergeTag(letterId), headers, payload });
}

async function verdict(mergeTag: string, letterId = weeklyLetter) {
  const response = await check(letterId, { mergeTag });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { valid: boolean; message: string };
}

describe('POST letters/{id}/validate-merge-tag', () => {
  it.each([
    '{{ first_name }}',
    '{{email}}',
    "{{ first_name | capitalize or 'friend' }}",
    '{{ letter.title | upcase | trim }}',
    // 'source' is a custom field on the demo channel's subscribers.
    '{{ source }}',
  ])('accepts %s', async (mergeTag) => {
    expect(await verdict(mergeTag)).toEqual({ valid: true, message: 'Valid merge tag.' });
  });

  it.each([
    ['{{ nickname }}', /^Unknown merge tag name 'nickname'\./],
    ['{{ desk }}', /^Unknown merge tag name 'desk'\./],
    ['{{ unsubscribeUrl }}', /^Unknown merge tag name 'unsubscribeUrl'\./],
    ['{{ first_name', /^The merge tag is not closed: end it with '}}'\.$/],
    ["{{ first_name | capitalize or 'friend }}", /^The default's quote is never closed/],
    ["{{ first_name or 'friend' }}", /^A default must follow a filter/],
    ['{{ first-name }}', /^'first-name' is not a valid name/],
  ])('refuses %s, saying why', async (mergeTag, message) => {
    const answer = await verdict(mergeTag);
    expect(answer.valid).toBe(false);
    expect(answer.message).toMatch(message);
  });

  it("knows the Iterable provider's unsubscribeUrl only on an Iterable letter", async () => {
    expect((await verdict('{{ unsubscribeUrl }}', iterableLetter)).valid).toBe(true);
  });

  it('learns custom fields as subscribers bring them', async () => {
    expect((await verdict('{{ plan }}')).valid).toBe(false);
    const weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'planned@example.com', customFields: { plan: 'pro' } });
    expect((await verdict('{{ plan }}')).valid).toBe(true);
  });

  it('answers 422 without a mergeTag and 404 for a letter that does not exist', async () => {
    const missing = await check(weeklyLetter, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ mergeTag: ['mergeTag is required.'] });
    const nowhere = await check(987654, { mergeTag: '{{ email }}' });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().message).toBe('Eep. It doesn’t look like this letter exists.');
    const weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
    const deleted = await insertLetter(t.db, { channelId: weeklyId });
    await t.db.updateTable('letters').set({ deletedAt: new Date() }).where('id', '=', deleted).execute();
    expect((await check(deleted, { mergeTag: '{{ email }}' })).statusCode).toBe(404);
  });

  it("answers another tenant's user 404, as if the letter did not exist", async () => {
    const response = await check(weeklyLetter, { mergeTag: '{{ source }}' }, rival.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Eep. It doesn’t look like this letter exists.');
  });
});

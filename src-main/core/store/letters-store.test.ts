import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newSection, serializeSections } from '../../../shared/model';
import { newDraftLetter } from '../../../shared/model/new-letter';
import type { Letter } from '../../../shared/model/letter';
import { TEST_CHANNEL, createCleanup, tempDir } from '../testing/test-core';
import { createLettersStore, type LettersStore } from './letters-store';
import { openStore, type LocalDb } from './open-store';

// The letters list over a real SQLite file: search, status filters and sorting.

const WEEKLY = { brandSlug: 'demo', channelSlug: 'weekly' };

const cleanup = createCleanup();
let db: LocalDb;
let store: LettersStore;

beforeEach(async () => {
  db = await openStore(tempDir(cleanup));
  cleanup.add(() => db.destroy());
  store = createLettersStore(db);
});
afterEach(() => cleanup.run());

function remoteLetter(n: number, changes: Partial<Letter> & { words?: string }): Letter {
  const paragraph = newSection('paragraph', `p${n}`);
  paragraph.delta = { ops: [{ insert: `${changes.words ?? ''}\n` }] };
  const { words: _words, ...rest } = changes;
  return {
    ...newDraftLetter({ uniqueId: `letter-${n}`, channel: TEST_CHANNEL, author: null, now: `2026-11-0${n}T10:00:00.000Z` }),
    id: n,
    version: 1,
    blocks: serializeSections([paragraph]),
    ...rest,
  };
}

async function titles(query: Partial<Parameters<LettersStore['list']>[0]> = {}) {
  return (await store.list({ ...WEEKLY, ...query })).map((item) => item.title);
}

describe('the letters list', () => {
  beforeEach(async () => {
    await store.applyRemote(remoteLetter(1, { title: 'Autumn notes', words: 'Tides turn slowly in October' }));
    await store.applyRemote(remoteLetter(2, { title: 'Budget update', words: 'Numbers and more numbers', publicationStatus: 2 }));
    await store.applyRemote(remoteLetter(3, { title: 'Café openings', words: 'New places downtown', publicationStatus: 1 }));
  });

  it('finds letters by words of their text, as prefixes, ignoring accents', async () => {
    expect(await titles({ search: 'tide' })).toEqual(['Autumn notes']);
    expect(await titles({ search: 'cafe' })).toEqual(['Café openings']);
    expect(await titles({ search: 'numbers budget' })).toEqual(['Budget update']);
    expect(await titles({ search: 'nothing-like-this' })).toEqual([]);
  });

  it('treats search operators typed by the user as words', async () => {
    expect(await titles({ search: '"tides" OR -NEAR( numbers*' })).toEqual([]);
    expect(await titles({ search: 'tides OR' })).toEqual([]);
  });

  it('follows local edits in the index', async () => {
    await store.saveLocal('letter-1', { title: 'Winter notes' }, '2026-11-09T10:00:00.000Z');
    expect(await titles({ search: 'winter' })).toEqual(['Winter notes']);
    expect(await titles({ search: 'autumn' })).toEqual([]);
  });

  it('filters by status group', async () => {
    expect(await titles({ status: 'drafts' })).toEqual(['Autumn notes']);
    expect(await titles({ status: 'scheduled' })).toEqual(['Budget update']);
    expect(await titles({ status: 'published' })).toEqual(['Café openings']);
    expect(await titles({ status: 'any' })).toHaveLength(3);
  });

  it('answers one page at a time', async () => {
    expect(await titles({ sort: 'title', direction: 'asc', limit: 2 })).toEqual(['Autumn notes', 'Budget update']);
    expect(await titles({ sort: 'title', direction: 'asc', limit: 2, offset: 2 })).toEqual(['Café openings']);
  });

  it('sorts by the chosen column and direction, newest first by default', async () => {
    expect(await titles()).toEqual(['Café openings', 'Budget update', 'Autumn notes']);
    expect(await titles({ sort: 'title', direction: 'asc' })).toEqual(['Autumn notes', 'Budget update', 'Café openings']);
    expect(await titles({ sort: 'uniqueId', direction: 'desc' })).toEqual(['Café openings', 'Budget update', 'Autumn notes']);
  });
});

describe('letters watched for delivery', () => {
  it('are the scheduled and sending ones, with their date and zone', async () => {
    await store.applyRemote(remoteLetter(1, { publicationStatus: 0, title: 'Draft' }));
    await store.applyRemote(remoteLetter(2, { publicationStatus: 2, publicationDate: '2026-11-22 10:00:00', publicationDateTzCode: 'Europe/Paris' }));
    await store.applyRemote(remoteLetter(3, { publicationStatus: 13, publicationDate: '2026-11-21 09:00:00', publicationDateTzCode: null }));
    await store.applyRemote(remoteLetter(4, { publicationStatus: 1, publicationDate: '2026-11-20 09:00:00' }));
    const watched = await store.watchedForDelivery();
    expect(watched.sort((a, b) => a.publicationStatus - b.publicationStatus)).toEqual([
      { publicationStatus: 2, publicationDate: '2026-11-22 10:00:00', zone: 'Europe/Paris' },
      // A letter without a zone of its own is read in UTC.
      { publicationStatus: 13, publicationDate: '2026-11-21 09:00:00', zone: 'UTC' },
    ]);
  });
});

describe('a push the platform answered', () => {
  it('leaves the letter findable by the words it now holds, whether the answer changed them or not', async () => {
    const local = { ...remoteLetter(5, { title: 'Harbour lights', words: 'Lanterns along the quay' }), id: null, version: 0 };
    await store.insertNew(local);
    const [entry] = await store.outbox.nextPerLetter(10);
    await store.outbox.complete(entry!.seq, local, { ...local, id: 5, version: 1 });
    expect(await titles({ search: 'lanterns' })).toEqual(['Harbour lights']);

    await store.saveLocal(local.uniqueId, { title: 'Harbour lights' }, '2026-11-22T10:00:00.000Z');
    const [again] = await store.outbox.nextPerLetter(10);
    // The platform answers with a title of its own making (an empty one becomes 'Draft #5', say).
    await store.outbox.complete(again!.seq, local, { ...local, id: 5, version: 2, title: 'Renamed by the platform' });
    expect(await titles({ search: 'renamed' })).toEqual(['Renamed by the platform']);
    expect(await titles({ search: 'lanterns' })).toEqual(['Renamed by the platform']);
  });
});

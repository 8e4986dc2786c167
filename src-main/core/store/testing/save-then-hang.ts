// A child process for the kill test: saves edits to a letter the way the core does,
// reports each one once it is committed, then waits to be killed.
import { newDraftLetter } from '../../../../shared/model/new-letter';
import { TEST_CHANNEL } from '../../testing/test-core';
import { createLettersStore } from '../letters-store';
import { openStore } from '../open-store';

const [dataDir, countText] = process.argv.slice(2);
if (!dataDir || !countText) throw new Error('usage: save-then-hang <dataDir> <count>');

const store = createLettersStore(await openStore(dataDir));
const letter = newDraftLetter({ uniqueId: 'killed-letter', channel: TEST_CHANNEL, author: null, now: new Date().toISOString() });
await store.insertNew(letter);
for (let i = 1; i <= Number(countText); i++) {
  await store.saveLocal(letter.uniqueId, { title: `Edit ${i}` }, new Date().toISOString());
  process.stdout.write(`saved Edit ${i}\n`);
}
setInterval(() => {}, 1000);

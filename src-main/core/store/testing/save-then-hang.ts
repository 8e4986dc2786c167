// A child process for the kill test: saves edits to a letter the way the core does,
// reports each one once it is committed, then waits to be killed.
import { newDraftLetter } from '../../../../shared/model/new-letter';
import { createLettersStore } from '../letters-store';
import { openStore } from '../open-store';

const [dataDir, countText] = process.argv.slice(2);
if (!dataDir || !countText) throw new Error('usage: save-then-hang <dataDir> <count>');

const store = createLettersStore(await openStore(dataDir));
const channel = {
  id: 1,
  title: 'The Weekly',
  channelSlug: 'weekly',
  brandId: 1,
  brandSlug: 'demo',
  accentColor: '#4c6ef5',
  defaultStyleBaseFontSize: 16,
  channelSquareLogo: null,
  channelName: 'The Weekly',
  timezone: { tzCode: 'America/New_York' },
  esp: 0,
};
const letter = newDraftLetter({ uniqueId: 'killed-letter', channel, author: null, now: new Date().toISOString() });
await store.insertNew(letter);
for (let i = 1; i <= Number(countText); i++) {
  await store.saveLocal(letter.uniqueId, { title: `Edit ${i}` }, new Date().toISOString());
  process.stdout.write(`saved Edit ${i}\n`);
}
setInterval(() => {}, 1000);

import type { Letter } from '../../shared/model/letter';
import type { MergeLookup } from '../delivery/merge-fill';
import { letterFieldValues } from '../delivery/merge-values';

// Merge tags on the public web archive, where no one in particular is reading: the
// letter's own fields are filled, and every subscriber field, custom field or promotion
// tag reads as empty, so a tag's default shows ("Hello friend") and nothing personal or
// raw (`{{ first_name }}`) ever does.

export function archiveLookup(letter: Letter, channelName: string): MergeLookup {
  const values = new Map<string, string>(Object.entries(letterFieldValues(letter, channelName)));
  return (name) => values.get(name) ?? '';
}

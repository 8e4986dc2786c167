import type { FooterLanguage } from '../../shared/model/enums';
import type { Letter } from '../../shared/model/letter';
import type { MergeLookup } from '../../shared/render/merge-fill';
import { letterFieldValues } from '../../shared/render/merge-values';

// Merge tags on the public web archive, where no one in particular is reading: the
// letter's own fields are filled; a subscriber field or custom field shows the tag's own
// default (`or 'friend'`) when it has one, and otherwise a neutral stand-in in the
// channel's language, never a blank ("We are sending this to ; …") and never anything
// personal or raw (`{{ first_name }}`). Promotion tags stay empty: the promotion belongs to
// the day an email was sent, and an empty slot shows nothing. (A kept send has its
// promotions filled already: pages/sent-letter-copy.ts.)

interface NeutralWords {
  /** What stands in for each subscriber field. */
  fields: Record<'email' | 'first_name' | 'last_name' | 'uniqueId', string>;
  /** A custom field: its name in words, in brackets, saying what a reader's copy shows there. */
  customField: (name: string) => string;
}

const PROMOTION_TAG_PREFIX = 'promotion.';

/** The name of a custom field as words: `signup_date` → 'signup date'. */
function fieldWords(name: string): string {
  return name.replace(/[_.-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').trim().toLowerCase();
}

/**
 * The stand-ins per language. A surname has no neutral word and follows a first name
 * ("Dear reader"), so it stays empty; uniqueId only appears inside links.
 */
export const ARCHIVE_NEUTRAL_WORDS: Record<FooterLanguage, NeutralWords> = {
  en: {
    fields: { email: 'your email address', first_name: 'reader', last_name: '', uniqueId: '' },
    customField: (name) => `[${fieldWords(name)}]`,
  },
  sp: {
    fields: { email: 'tu correo electrónico', first_name: 'lector', last_name: '', uniqueId: '' },
    customField: (name) => `[${fieldWords(name)}]`,
  },
};

export function archiveLookup(letter: Letter, channelName: string, language: FooterLanguage = 'en'): MergeLookup {
  const words = ARCHIVE_NEUTRAL_WORDS[language];
  const letterValues = new Map<string, string>(Object.entries(letterFieldValues(letter, channelName)));
  const fields = new Map<string, string>(Object.entries(words.fields));
  return (name) => {
    const own = letterValues.get(name);
    if (own !== undefined) return own;
    if (name.startsWith(PROMOTION_TAG_PREFIX)) return '';
    return { standIn: fields.get(name) ?? words.customField(name) };
  };
}

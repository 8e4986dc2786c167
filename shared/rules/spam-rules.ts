// What the SpamAssassin rules that a newsletter can trip mean, and what to change, in an
// editor's words (issue 35). The names are SpamAssassin's (Debian's shipped rules, local
// tests only). A rule not listed here is shown with SpamAssassin's own description; a rule
// with no advice here is informational (it adds nothing or next to nothing).

export interface SpamRuleWords {
  /** What the rule found, in plain words. */
  description: string;
  /** What to change in the letter or the channel; empty when there is nothing to do. */
  advice: string;
}

const IMAGE_ONLY: SpamRuleWords = {
  description: 'The email is mostly pictures with very few words.',
  advice: 'Add some text: a sentence or two around the pictures, or put the words of an image into a text block.',
};
const IMAGE_RATIO: SpamRuleWords = {
  description: 'The pictures take up a lot of room next to the words.',
  advice: 'Add text next to the pictures or make the pictures smaller.',
};
const SHORT_LINK_IMAGE: SpamRuleWords = {
  description: 'A very short email whose content is a linked picture.',
  advice: 'Write a few lines of text in the letter, not just a linked image.',
};
const UPPERCASE: SpamRuleWords = {
  description: 'Much of the text is in capital letters.',
  advice: 'Write the text in ordinary sentence case; keep capitals for a word or two.',
};
const OBFUSCATED: SpamRuleWords = {
  description: 'Parts of the text are hidden or broken up by markup.',
  advice: 'Check HTML blocks for text hidden by tiny or invisible styling and remove it.',
};

export const SPAM_RULE_WORDS: Readonly<Record<string, SpamRuleWords>> = {
  SUBJ_ALL_CAPS: { description: 'The subject is all in capital letters.', advice: 'Write the subject in ordinary sentence case, e.g. "Free tickets for Saturday".' },
  PLING_QUERY: { description: 'The subject has both an exclamation mark and a question mark.', advice: 'Use at most one of them in the subject.' },
  SUBJ_DOLLARS: { description: 'The subject starts with an amount of money.', advice: 'Start the subject with what the letter is about rather than a price.' },
  SUBJ_BUY: { description: 'The subject starts with "Buy".', advice: 'Start the subject with what the letter is about.' },
  SUBJ_AS_SEEN: { description: 'The subject says "As seen".', advice: 'Reword the subject without "As seen on".' },
  SUBJ_YOUR_FAMILY: { description: 'The subject says "Your family".', advice: 'Reword the subject.' },
  SUBJECT_DIET: { description: 'The subject talks about losing weight.', advice: 'Reword the subject.' },
  GAPPY_SUBJECT: { description: 'The subject has words broken up with dots or spaces (l.i.k.e t.h.i.s).', advice: 'Write the words of the subject out normally.' },
  SUBJ_ILLEGAL_CHARS: { description: 'The subject has characters mail servers do not expect.', advice: 'Remove unusual symbols from the subject.' },
  LOCALPART_IN_SUBJECT: { description: "The reader's address appears in the subject.", advice: 'Use the first name merge tag rather than the email address in the subject.' },
  ENGLISH_UCE_SUBJECT: { description: 'The subject carries an advertising tag such as "ADV:".', advice: 'Remove the tag from the subject.' },
  MISSING_SUBJECT: { description: 'The email has no subject.', advice: 'Write a subject.' },
  EMPTY_MESSAGE: { description: 'The email has no text.', advice: 'Add content to the letter.' },
  UPPERCASE_50_75: UPPERCASE,
  UPPERCASE_75_100: UPPERCASE,
  MIME_HTML_ONLY: { description: 'The email has no plain-text version.', advice: 'Add some text blocks: the platform makes the plain-text version from the letter\'s text.' },
  MIME_HTML_MOSTLY: { description: 'The email is mostly HTML with little plain text.', advice: 'Add text blocks to the letter.' },
  MPART_ALT_DIFF: { description: 'The plain-text and HTML versions say different things.', advice: 'Put the words of images and HTML blocks into text blocks as well.' },
  MPART_ALT_DIFF_COUNT: { description: 'The plain-text and HTML versions say different things.', advice: 'Put the words of images and HTML blocks into text blocks as well.' },
  HTML_IMAGE_ONLY_04: IMAGE_ONLY,
  HTML_IMAGE_ONLY_08: IMAGE_ONLY,
  HTML_IMAGE_ONLY_12: IMAGE_ONLY,
  HTML_IMAGE_ONLY_16: IMAGE_ONLY,
  HTML_IMAGE_ONLY_20: IMAGE_ONLY,
  HTML_IMAGE_ONLY_24: IMAGE_ONLY,
  HTML_IMAGE_ONLY_28: IMAGE_ONLY,
  HTML_IMAGE_ONLY_32: IMAGE_ONLY,
  HTML_IMAGE_RATIO_02: IMAGE_RATIO,
  HTML_IMAGE_RATIO_04: IMAGE_RATIO,
  HTML_IMAGE_RATIO_06: IMAGE_RATIO,
  HTML_IMAGE_RATIO_08: IMAGE_RATIO,
  HTML_SHORT_LINK_IMG_1: SHORT_LINK_IMAGE,
  HTML_SHORT_LINK_IMG_2: SHORT_LINK_IMAGE,
  HTML_SHORT_LINK_IMG_3: SHORT_LINK_IMAGE,
  HTML_FONT_LOW_CONTRAST: { description: 'Some text is nearly the same colour as its background.', advice: 'Give the text a colour that stands out from its background (Styles, or the block\'s settings).' },
  HTML_FONT_SIZE_HUGE: { description: 'Some text is set in a huge font.', advice: 'Use a smaller font size.' },
  HTML_FONT_SIZE_LARGE: { description: 'Some text is set in a very large font.', advice: 'Use a smaller font size.' },
  HTML_OBFUSCATE_05_10: OBFUSCATED,
  HTML_OBFUSCATE_10_20: OBFUSCATED,
  HTML_OBFUSCATE_20_30: OBFUSCATED,
  HTML_OBFUSCATE_30_40: OBFUSCATED,
  HTML_OBFUSCATE_50_60: OBFUSCATED,
  HTML_MIME_NO_HTML_TAG: { description: 'The HTML of the email is not a complete page.', advice: 'Check the HTML blocks for broken markup.' },
  HTML_EXTRA_CLOSE: { description: 'The HTML has many stray closing tags.', advice: 'Check the HTML blocks for broken markup.' },
  HTML_EMBEDS: { description: 'The email embeds a plug-in (object or embed).', advice: 'Remove the embed from the HTML block; link to the content instead.' },
  HTML_FORMACTION_MAILTO: { description: 'The email has a form that sends mail.', advice: 'Remove the form from the HTML block; link to a web page instead.' },
  TVD_SPACE_RATIO: { description: 'The text has unusually many spaces between letters.', advice: 'Remove the extra spaces.' },
  LOTS_OF_MONEY: { description: 'The text mentions large amounts of money.', advice: 'Leave out big sums unless they are the point of the letter.' },
  ADVANCE_FEE_2_NEW_MONEY: { description: 'The text reads like an advance-fee scam.', advice: 'Reword the passages about money transfers and large sums.' },
  FREEMAIL_FROM: { description: 'The From address is at a free email service.', advice: "Send from an address on your organization's own domain (Channel settings, Sending identity)." },
  MISSING_DATE: { description: 'The email has no Date header.', advice: '' },
  MISSING_MID: { description: 'The email has no Message-ID header.', advice: '' },
  HTML_MESSAGE: { description: 'The email is in HTML, as newsletters are.', advice: '' },
  NO_RECEIVED: { description: 'The email has not passed through a mail server yet: it was checked before sending.', advice: '' },
  NO_RELAYS: { description: 'The email has not passed through a mail server yet: it was checked before sending.', advice: '' },
  MSGID_SHORT: { description: 'The Message-ID header is short.', advice: '' },
  WEIRD_PORT: { description: 'A link names a port number (such as :8080).', advice: '' },
  DKIM_SIGNED: { description: 'The email carries a DKIM signature.', advice: '' },
  DKIM_VALID: { description: 'The DKIM signature checks out.', advice: '' },
  DKIM_INVALID: { description: 'The DKIM signature does not check out.', advice: "Check the sending domain's DKIM record (Sending domains, Check DNS)." },
};

/** A fired rule in plain words: ours when we have them, SpamAssassin's description otherwise. */
export function spamRuleWords(name: string, spamAssassinDescription: string): SpamRuleWords {
  return SPAM_RULE_WORDS[name] ?? { description: spamAssassinDescription, advice: '' };
}

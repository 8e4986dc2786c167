// The platform's public pages that every email links to from its footer and its
// List-Unsubscribe header (DECISIONS: public pages live outside /api on the same origin):
// their paths, the RFC 8058 one-click field, and every sentence they show, once, so a
// translation is one more entry in PUBLIC_PAGE_TEXT.

export const publicPagePaths = {
  /**
   * The channel's web archive: its published, public letters, newest first. The Logo
   * block links here by default. Channel slugs repeat across brands: `brandSlug` says which.
   */
  channelArchive: (channelSlug: string, brandSlug?: string) =>
    `/${enc(channelSlug)}${brandSlug ? `?brand=${enc(brandSlug)}` : ''}`,
  /**
   * A published letter as readers got it (share links, the metrics' preview card).
   * `letterRef` is the letter's uniqueId (what emails link to) or its numeric id.
   */
  letterArchive: (channelSlug: string, letterRef: string | number) => `/${enc(channelSlug)}/${enc(String(letterRef))}`,
  /** GET asks, POST (a form or an RFC 8058 one-click) unsubscribes. */
  unsubscribe: (channelSlug: string, subscriberUniqueId: string) => `/unsubscribe/${enc(channelSlug)}/${enc(subscriberUniqueId)}`,
  undoUnsubscribe: (channelSlug: string, subscriberUniqueId: string) =>
    `/unsubscribe/${enc(channelSlug)}/${enc(subscriberUniqueId)}/undo`,
  /** GET asks, POST leaves the reader out of engagement segments (they keep the newsletter). */
  behaviourOptOut: (channelSlug: string, subscriberUniqueId: string) => `/opt-out/${enc(channelSlug)}/${enc(subscriberUniqueId)}`,
  undoBehaviourOptOut: (channelSlug: string, subscriberUniqueId: string) =>
    `/opt-out/${enc(channelSlug)}/${enc(subscriberUniqueId)}/undo`,
  /**
   * A poll option's link in a sent email: GET shows the answer with a 'Submit my answer'
   * button, POST records it (routes/public-polls.ts). Query: POLL_RESPONSE_PARAMS.
   */
  pollResponse: (pollId: number) => `/polls/${pollId}/respond`,
  /**
   * Where a test email's unsubscribe, opt-out and poll links go (delivery/test-send.ts): a
   * page that says nothing was recorded, rather than a 404 or a change to a real reader.
   */
  testEmail: () => '/test-email',
  /**
   * Where a poll option's link leads on a letter's public page (its copy of the sent email,
   * routes/public-copy-pages.ts): a page that says polls are answered from the email.
   */
  pollByEmail: () => '/polls/by-email',
  /** Where the public page's unsubscribe and behaviour opt-out links lead: a page that says they work from the email. */
  unsubscribeByEmail: () => '/unsubscribe/by-email',
  /**
   * The channel's public subscribe form (issue 32): GET shows it, POST (a form, or JSON
   * `{ "email", "name" }`) signs up. The archive's channel page links here.
   */
  subscribe: (channelSlug: string, brandSlug?: string) => `/subscribe/${enc(channelSlug)}${brandSlug ? `?brand=${enc(brandSlug)}` : ''}`,
  /** The link of a double opt-in's confirmation email: GET asks, POST confirms. */
  confirmSubscription: (channelSlug: string, token: string) => `/subscribe/${enc(channelSlug)}/confirm/${enc(token)}`,
} as const;

/** First path segments the platform's own routes take: never a channel's web archive. */
export const PLATFORM_PATH_SEGMENTS: ReadonlySet<string> = new Set(['api', 'assets', 'media', 't', 'unsubscribe', 'opt-out', 'polls', 'test-email', 'subscribe']);

/** Whether an address is a letter's page on the web archive (`{publicUrl}/{channel}/{letter}`). */
export function isLetterArchiveUrl(url: string, publicUrl: string): boolean {
  if (!url.toLowerCase().startsWith(`${publicUrl.toLowerCase()}/`)) return false;
  const path = url.slice(publicUrl.length + 1).split(/[?#]/)[0]!;
  const segments = path.split('/');
  return segments.length === 2 && segments.every((segment) => segment !== '') && !PLATFORM_PATH_SEGMENTS.has(segments[0]!);
}

/**
 * Images that sent emails load from the platform, public and cacheable: no reader is signed
 * in, and a mail client or its image proxy fetches them on its own.
 */
export const publicAssetPaths = {
  /** The folder every public asset lives under. */
  prefix: '/assets',
  /** The icon of a network in one colour set (Share and Profiles blocks), a PNG. */
  socialIcon: (colorSet: string, network: string) => `/assets/social/${enc(colorSet)}/${enc(network)}.png`,
} as const;

/**
 * The query every link that acts for one reader carries (unsubscribe and its undo, the
 * behaviour opt-out and its undo): the letter whose email it came in (its numeric id) and the
 * platform's signature of the action, the reader and that letter (src-server/audience/
 * reader-links.ts). A link without a valid signature changes nothing.
 */
export const READER_LINK_PARAMS = { letter: 'l', signature: 's' } as const;

/** A page path with its letter and signature. */
export function withReaderLinkQuery(path: string, letterId: number, signature: string): string {
  const q = READER_LINK_PARAMS;
  return `${path}?${q.letter}=${letterId}&${q.signature}=${encodeURIComponent(signature)}`;
}

/**
 * The query of a poll option's link: the option, the letter's uniqueId, the subscriber's
 * uniqueId, and — added per reader when the email is built — the email's recipient token
 * (which names the sent email) and the platform's signature of the reader and the letter.
 */
export const POLL_RESPONSE_PARAMS = { option: 'option', letter: 'letter', subscriber: 'subscriber', recipient: 'r', signature: 's' } as const;

/** RFC 8058: a one-click unsubscribe POSTs `List-Unsubscribe=One-Click`. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

export interface PublicPageText {
  /** The `lang` of the page. */
  lang: string;
  /** Stands in for a channel without a name. */
  unnamedChannel: string;

  unsubscribeTitle: (channel: string) => string;
  unsubscribeLead: (channel: string, maskedEmail: string) => string;
  unsubscribeButton: string;
  unsubscribedTitle: (channel: string) => string;
  unsubscribedLead: (maskedEmail: string) => string;
  undoUnsubscribeHint: string;
  undoUnsubscribeButton: string;
  resubscribedTitle: (channel: string) => string;
  resubscribedLead: (maskedEmail: string) => string;
  cannotResubscribeTitle: string;
  cannotResubscribeLead: (channel: string) => string;

  optOutTitle: string;
  optOutLead: (channel: string, maskedEmail: string) => string;
  optOutButton: string;
  optedOutTitle: string;
  optedOutLead: (channel: string) => string;
  undoOptOutHint: string;
  undoOptOutButton: string;
  optedInTitle: string;
  optedInLead: (channel: string) => string;

  /** The web archive's channel page: its heading, the line under it, and what shows before anything is published. */
  archiveTitle: (channel: string) => string;
  archiveLead: string;
  archiveEmpty: string;
  /** The archive page's link to the subscribe form. */
  archiveSubscribe: string;

  /** The public subscribe form and what it answers (issue 32). */
  subscribeTitle: (channel: string) => string;
  subscribeLead: string;
  subscribeEmailLabel: string;
  subscribeNameLabel: string;
  subscribeButton: string;
  subscribeInvalidEmail: string;
  subscribedTitle: (channel: string) => string;
  subscribedLead: string;
  confirmSentTitle: string;
  confirmSentLead: (channel: string) => string;
  confirmTitle: (channel: string) => string;
  confirmLead: string;
  confirmButton: string;
  confirmEmailSubject: (channel: string) => string;
  confirmEmailLead: (channel: string) => string;
  confirmEmailIgnore: string;
  tooManySignUpsTitle: string;
  tooManySignUpsLead: string;

  /** Unknown channel or subscriber, another channel's subscriber, a malformed link: one answer that reveals nothing. */
  invalidLinkTitle: string;
  invalidLinkLead: string;
  testEmailTitle: string;
  testEmailLead: string;
  /** A poll answer link on a letter's public page: nobody in particular reads it, so nothing can be counted. */
  pollByEmailTitle: string;
  pollByEmailLead: string;
  /** An unsubscribe or opt-out link on a letter's public page. */
  unsubscribeByEmailTitle: string;
  unsubscribeByEmailLead: string;
  refusedTitle: string;
  refusedLead: string;
  faultTitle: string;
  faultLead: string;
}

/** English only for now: the footer's language is chosen per letter, which a link does not carry. */
export type PublicPageLanguage = 'en';

export const PUBLIC_PAGE_TEXT: Record<PublicPageLanguage, PublicPageText> = {
  en: {
    lang: 'en',
    unnamedChannel: 'this newsletter',

    unsubscribeTitle: (channel) => `Unsubscribe from ${channel}?`,
    unsubscribeLead: (channel, maskedEmail) => `You will no longer get ${channel} at ${maskedEmail}.`,
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: (channel) => `You're unsubscribed from ${channel}.`,
    unsubscribedLead: (maskedEmail) => `No more emails from it will be sent to ${maskedEmail}.`,
    undoUnsubscribeHint: 'Unsubscribed by mistake?',
    undoUnsubscribeButton: 'Subscribe again',
    resubscribedTitle: (channel) => `You're subscribed to ${channel} again.`,
    resubscribedLead: (maskedEmail) => `Its emails will be sent to ${maskedEmail} again.`,
    cannotResubscribeTitle: "This address can't be subscribed again from this page.",
    cannotResubscribeLead: (channel) => `To get ${channel} again, contact its publisher.`,

    optOutTitle: 'Opt out of emails based on your activity?',
    optOutLead: (channel, maskedEmail) =>
      `You will keep getting ${channel} at ${maskedEmail}, but not the emails sent to readers chosen by how they open and click.`,
    optOutButton: 'Opt out',
    optedOutTitle: "You've opted out of emails based on your activity.",
    optedOutLead: (channel) => `You will keep getting ${channel}.`,
    undoOptOutHint: 'Changed your mind?',
    undoOptOutButton: 'Opt back in',
    optedInTitle: "You're opted back in to emails based on your activity.",
    optedInLead: (channel) => `${channel} may again send you emails chosen by how you read it.`,

    archiveTitle: (channel) => channel,
    archiveLead: 'Every issue published on the web, newest first.',
    archiveEmpty: 'Nothing has been published here yet.',
    archiveSubscribe: 'Subscribe by email',

    subscribeTitle: (channel) => `Subscribe to ${channel}`,
    subscribeLead: 'Get each new issue by email.',
    subscribeEmailLabel: 'Email',
    subscribeNameLabel: 'First name (optional)',
    subscribeButton: 'Subscribe',
    subscribeInvalidEmail: 'Enter a valid email address.',
    subscribedTitle: (channel) => `You're subscribed to ${channel}.`,
    subscribedLead: 'The next issue will arrive in your inbox.',
    confirmSentTitle: 'Check your inbox.',
    confirmSentLead: (channel) => `If the address can get ${channel}, we sent it a link to confirm the subscription. The link works for 7 days.`,
    confirmTitle: (channel) => `Confirm your subscription to ${channel}?`,
    confirmLead: 'You will get each new issue by email.',
    confirmButton: 'Confirm subscription',
    confirmEmailSubject: (channel) => `Confirm your subscription to ${channel}`,
    confirmEmailLead: (channel) => `Someone, hopefully you, asked to subscribe this address to ${channel}. To confirm, open this link:`,
    confirmEmailIgnore: 'If it was not you, ignore this email: nothing more will be sent.',
    tooManySignUpsTitle: 'Too many sign-ups from here.',
    tooManySignUpsLead: 'Please try again in a minute.',

    invalidLinkTitle: 'This link is no longer valid.',
    invalidLinkLead: 'If you copied it from an email, check that the whole link was copied.',
    testEmailTitle: 'This is a test email: nothing was recorded.',
    testEmailLead: 'Readers of the letter get links of their own, which work as they should.',
    pollByEmailTitle: 'Voting is by email',
    pollByEmailLead: 'Polls in this letter are answered from the email each reader received.',
    unsubscribeByEmailTitle: 'Unsubscribing is by email',
    unsubscribeByEmailLead: 'This is the public copy of a letter. To stop getting it, use the unsubscribe link in an email you received.',
    refusedTitle: 'This request could not be handled.',
    refusedLead: 'Open the link in your email again.',
    faultTitle: 'Something went wrong.',
    faultLead: 'Please try again in a few minutes.',
  },
};

function enc(segment: string): string {
  return encodeURIComponent(segment);
}

import { isClippedByGmail, sizeInKb } from '../rules/gmail-clip';

// The CONTENT CHECK of the schedule step, measured on the rendered HTML: what readers get.
// The HTML is the renderer's own (MJML output, attributes double-quoted), so light scanning
// is enough to read it; nothing here needs a DOM.

/** Up to this size the email's weight is 'Good' (spec 1 §9). */
export const EMAIL_WEIGHT_GOOD_MAX_KB = 85;
/** An average adult's silent reading speed, for the time to read. */
export const READING_WORDS_PER_MINUTE = 200;
export { GMAIL_CLIP_KB } from '../rules/gmail-clip';

export type EmailWeight = 'Good' | 'Warning';

export interface LetterInsights {
  wordCount: number;
  readability: {
    /** Flesch reading ease, 0 (hard) to 100 (easy); the panel shows it as ease/100. Null without text. */
    ease: number | null;
    /** Minutes to read, rounded up. Null without text. */
    time: number | null;
  };
  /** Size of the HTML in KB (1 decimal, rounded up). */
  size: number;
  weight: EmailWeight;
  flags: {
    /** Above Gmail's clipping size. */
    gmailClipping: boolean;
    /** Sources of images whose alt text is missing or blank. */
    imagesWithoutAlt: string[];
    /**
     * Links the editor wrote that are not https (http:, relative, other schemes); mail,
     * phone, anchors and merge tags are fine, and the platform's own links (unsubscribe,
     * opt-out, archive and share pages, the credit) are not the editor's to change.
     */
    insecureLinks: string[];
    /** Text blocks (paragraph, heading, blockquote) left empty: they send nothing. */
    emptyTextBlocks: number;
    /** Image blocks without a picture: left out of the email, named so the editor can find them. */
    emptyImageSlots: { uniqueId: string; block: string }[];
    /** No link to unsubscribe. */
    missingUnsubscribe: boolean;
  };
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', zwnj: '', zwj: '', shy: '',
  copy: '©', reg: '®', hellip: '…', mdash: '—', ndash: '–', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** Bytes of the text in UTF-8, counted without TextEncoder (shared/ has no DOM or Node types). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const BLOCK_TAG = /<\/?(?:p|div|h[1-6]|li|ul|ol|td|th|tr|table|tbody|thead|blockquote|br|hr|center|section)\b[^>]*>/gi;

/** The text a reader sees, with a line break where a block ends. */
export function visibleText(html: string): string {
  const bodyStart = html.search(/<body\b/i);
  const body = bodyStart >= 0 ? html.slice(bodyStart) : html;
  return decodeEntities(
    body
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<(style|script|title|head)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      // The preheader (preview text) is hidden in the body; it is not part of the reading.
      .replace(/<div[^>]*display:\s*none[^>]*>[\s\S]*?<\/div>/gi, ' ')
      .replace(BLOCK_TAG, '\n')
      .replace(/<[^>]*>/g, ''),
  );
}

const WORD = /[\p{L}\p{N}]/u;

export function words(text: string): string[] {
  return text.split(/\s+/).filter((token) => WORD.test(token));
}

/** English syllables by vowel groups, the usual estimate for Flesch scores; at least one per word. */
export function syllableCount(word: string): number {
  const letters = word.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length <= 3) return 1;
  const stem = letters.replace(/(?:[^laeiouy]es|ed|[^laeiouy]e)$/, '').replace(/^y/, '');
  return Math.max(1, stem.match(/[aeiouy]{1,2}/g)?.length ?? 0);
}

function sentenceCount(text: string): number {
  return text.split(/[.!?]+(?=\s|$)|\n+/).filter((chunk) => WORD.test(chunk)).length;
}

/** 206.835 − 1.015 × words per sentence − 84.6 × syllables per word, kept within 0–100. */
export function fleschReadingEase(wordCount: number, sentences: number, syllables: number): number | null {
  if (wordCount === 0 || sentences === 0) return null;
  const ease = 206.835 - 1.015 * (wordCount / sentences) - 84.6 * (syllables / wordCount);
  return Math.round(Math.min(100, Math.max(0, ease)) * 10) / 10;
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  if (!match) return null;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '');
}

export function isSecureLink(href: string): boolean {
  const url = href.trim();
  if (url === '' || url.startsWith('#')) return true;
  if (/^(mailto|tel|sms):/i.test(url)) return true;
  // A provider merge tag ({{unsubscribeUrl}}) becomes the provider's own https link.
  if (/^\{\{[^{}]*\}\}$/.test(url) || /^\[\[[^[\]]*\]\]$/.test(url)) return true;
  return /^https:\/\//i.test(url);
}

/** Unsubscribe links as the footer writes them, in English and Spanish, or pointing at an unsubscribe page. */
const UNSUBSCRIBE = /unsubscribe|cancelar (?:la )?suscripci|darse de baja/i;

const unique = (values: string[]) => [...new Set(values)];

/** What the HTML alone cannot tell. */
export interface InsightsOptions {
  /** Origin of the platform's public pages, as the render used it: links under it are the platform's. */
  platformUrl?: string;
  /** Empty text blocks of the letter (emptyTextBlockCount), which render nothing to find. */
  emptyTextBlocks?: number;
  /** Image blocks without a picture (emptyImageSlots), which render nothing to find. */
  emptyImageSlots?: { uniqueId: string; block: string }[];
}

/** A link the platform made and the editor cannot change: under its own origin, or one that starts with a merge tag. */
export function isPlatformLink(href: string, platformUrl: string | undefined): boolean {
  const url = href.trim();
  if (url.startsWith('{{')) return true;
  if (!platformUrl) return false;
  const origin = platformUrl.replace(/\/+$/, '');
  return url === origin || url.startsWith(`${origin}/`) || url.startsWith(`${origin}?`);
}

/** A size in KB, whether it is a good weight for an email, and whether Gmail clips it. */
export function sizeVerdict(bytes: number): { size: number; weight: 'Good' | 'Warning'; gmailClipping: boolean } {
  const size = sizeInKb(bytes);
  return { size, weight: size <= EMAIL_WEIGHT_GOOD_MAX_KB ? 'Good' : 'Warning', gmailClipping: isClippedByGmail(bytes) };
}

export function letterInsights(html: string, options: InsightsOptions = {}): LetterInsights {
  const text = visibleText(html);
  const tokens = words(text);
  const syllables = tokens.reduce((sum, word) => sum + syllableCount(word), 0);
  const { size, weight, gmailClipping } = sizeVerdict(utf8ByteLength(html));

  const imagesWithoutAlt: string[] = [];
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const alt = attribute(tag, 'alt');
    if (alt === null || alt.trim() === '') imagesWithoutAlt.push(attribute(tag, 'src') ?? '');
  }
  const insecureLinks: string[] = [];
  let hasUnsubscribe = false;
  for (const [, attributes, inner] of html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi)) {
    const href = attribute(attributes ?? '', 'href');
    if (href === null) continue;
    if (!isSecureLink(href) && !isPlatformLink(href, options.platformUrl)) insecureLinks.push(href);
    if (UNSUBSCRIBE.test(href) || UNSUBSCRIBE.test(visibleText(inner ?? ''))) hasUnsubscribe = true;
  }

  return {
    wordCount: tokens.length,
    readability: {
      ease: fleschReadingEase(tokens.length, sentenceCount(text), syllables),
      time: tokens.length === 0 ? null : Math.ceil(tokens.length / READING_WORDS_PER_MINUTE),
    },
    size,
    weight,
    flags: {
      gmailClipping,
      imagesWithoutAlt: unique(imagesWithoutAlt),
      insecureLinks: unique(insecureLinks),
      missingUnsubscribe: !hasUnsubscribe,
      emptyTextBlocks: options.emptyTextBlocks ?? 0,
      emptyImageSlots: options.emptyImageSlots ?? [],
    },
  };
}

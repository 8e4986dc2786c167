import dayjs from 'dayjs';
import type { Delta, DeltaOp } from '../model/delta';
import { LayoutType } from '../model/enums';
import type { UrlPreview } from '../model/blocks/feeds';
import type { Section, SectionOf } from '../model/section';
import { LAYOUT_CHILDREN, STACKED_LAYOUTS, newSection } from '../model/section-factory';
import { accept, refuse, type FieldResult } from './field-result';

// The URL block (spec 2 §4, §5, §9): its source URL check, which provider a page belongs
// to, and the section a loaded preview becomes — a layout of the page image and a
// paragraph whose lines depend on the provider. The preview is kept in the block model,
// so the block is rebuilt and sent without fetching the page again (and offline).

export const SOURCE_URL_INVALID_MESSAGE = 'This url is invalid.';
export const READ_MORE_LABEL = 'Read more';
/**
 * Spec 1 §8 and spec 2 §7 "Block update failure": the 'sorryWeFailedToUpdateX' message, its
 * words not given; said of the URL section, above the reason.
 */
export const URL_UPDATE_FAILED_MESSAGE = 'Sorry, we failed to update the URL section.';
export const URL_LOAD_OFFLINE_MESSAGE = 'Loading a link preview needs a connection to the platform.';

// Optional http(s), a domain or an IPv4 address, optional port, path, query and fragment.
const WEB_ADDRESS =
  /^(https?:\/\/)?(((?!-)[a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}|localhost|(\d{1,3}\.){3}\d{1,3})(:\d{1,5})?([/?#][^\s]*)?$/i;

/** Spec 2 §5 "Source URL (dynamic)": trimmed; empty is not an error. */
export function checkSourceUrl(input: string): FieldResult<string> {
  const value = input.trim();
  if (value === '') return accept('');
  return WEB_ADDRESS.test(value) ? accept(value) : refuse(SOURCE_URL_INVALID_MESSAGE);
}

/** The address a checked source URL is fetched at: one typed without a scheme is read as https. */
export function fetchableUrl(sourceUrl: string): string {
  return /^https?:\/\//i.test(sourceUrl) ? sourceUrl : `https://${sourceUrl}`;
}

// ---------------------------------------------------------------------------------------
// Providers (spec 2 §9 "Url preview providers")

export const AUDIO_PROVIDERS = ['Apple Podcasts', 'Google Podcasts', 'SoundCloud', 'Spotify'] as const;
export const SOCIAL_PROVIDERS = ['Pinterest', 'TikTok', 'Twitter'] as const;

/** Hosts of the named providers; any other page is a plain content embed named by its site. */
const PROVIDER_HOSTS: ReadonlyArray<[RegExp, string]> = [
  [/(^|\.)podcasts\.apple\.com$/, 'Apple Podcasts'],
  [/(^|\.)podcasts\.google\.com$/, 'Google Podcasts'],
  [/(^|\.)soundcloud\.com$/, 'SoundCloud'],
  [/(^|\.)spotify\.com$/, 'Spotify'],
  [/(^|\.)eventbrite\.[a-z.]+$/, 'Eventbrite'],
  [/(^|\.)medium\.com$/, 'Medium'],
  [/(^|\.)meetup\.com$/, 'Meetup'],
  [/(^|\.)pinterest\.[a-z.]+$|(^|\.)pin\.it$/, 'Pinterest'],
  [/(^|\.)substack\.com$/, 'Substack'],
  [/(^|\.)tiktok\.com$/, 'TikTok'],
  [/(^|\.)(twitter|x)\.com$/, 'Twitter'],
  [/(^|\.)tumblr\.com$/, 'Tumblr'],
  [/(^|\.)twitch\.tv$/, 'Twitch'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'YouTube'],
];

/** The spec's provider name for a page, from its host; null for any other site. */
export function providerForUrl(pageUrl: string): string | null {
  let host: string;
  try {
    host = new URL(pageUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  return PROVIDER_HOSTS.find(([pattern]) => pattern.test(host))?.[1] ?? null;
}

export type ProviderKind = 'audio' | 'social' | 'content';

export function providerKind(providerName: string | null): ProviderKind {
  if ((AUDIO_PROVIDERS as readonly string[]).includes(providerName ?? '')) return 'audio';
  if ((SOCIAL_PROVIDERS as readonly string[]).includes(providerName ?? '')) return 'social';
  return 'content';
}

// ---------------------------------------------------------------------------------------
// The section a preview becomes

const NARROW_IMAGE = 20;
const WIDE_TEXT = 80;

/** A published time as 'MMM DD, YYYY' (the curation date format); text that is no date is kept as it is. */
function publishedLine(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('MMM DD, YYYY') : value;
}

function line(text: string, attributes?: DeltaOp['attributes']): DeltaOp[] {
  return [attributes ? { insert: text, attributes } : { insert: text }, { insert: '\n' }];
}

/**
 * The preview's text (spec 2 §9): a bold title, the description and a 'Read more' link.
 * Pinterest and TikTok put the author first; audio providers show the title only; Twitter
 * adds the keywords and the published time.
 */
export function previewDelta(preview: UrlPreview): Delta {
  const kind = providerKind(preview.providerName);
  const title = preview.pageTitle?.trim() || preview.siteName?.trim() || preview.pageUrl;
  const description = preview.pageDescription?.trim() ?? '';
  const author = preview.authorName?.trim() ?? '';
  const ops: DeltaOp[] = [];
  if (kind === 'social' && preview.providerName !== 'Twitter' && author) ops.push(...line(author, { bold: true }));
  ops.push(...line(title, { bold: true }));
  if (kind !== 'audio') {
    if (description) ops.push(...line(description));
    if (preview.providerName === 'Twitter') {
      const keywords = preview.pageKeywords?.trim();
      const published = preview.publishedTime?.trim();
      if (keywords) ops.push(...line(keywords, { italic: true }));
      if (published) ops.push(...line(publishedLine(published)));
    }
  }
  ops.push(...line(READ_MORE_LABEL, { link: preview.pageUrl }));
  return { ops };
}

/**
 * The URL section rebuilt from a preview: image and text children in the provider's layout
 * (spec 2 §4: 5 for content and social embeds, 1 with 20/80 columns for audio, text only
 * without an image). Its earlier children are replaced; the section's own styling stays.
 */
export function applyPreview<T extends 'url' | 'dynamic'>(section: SectionOf<T>, preview: UrlPreview, url: string): SectionOf<T> {
  const kind = providerKind(preview.providerName);
  const image = preview.pageImage?.trim() ?? '';
  const layoutType: LayoutType = !image ? LayoutType.paragraphOnly : kind === 'audio' ? LayoutType.imageLeftParagraphRight : LayoutType.imageTopParagraphBottom;
  const blocks: Section[] = LAYOUT_CHILDREN[layoutType].map((child, index) => {
    const id = `${section.uniqueId}-${index}`;
    const columnWidth = layoutType === LayoutType.imageLeftParagraphRight ? (child.type === 'image' ? NARROW_IMAGE : WIDE_TEXT) : child.columnWidth;
    if (child.type === 'image') {
      const block = newSection('image', id);
      const alt = preview.pageTitle?.trim() ?? '';
      return { ...block, columnWidth, blockModel: { ...block.blockModel, src: image, originalSrc: image, alt, link: preview.pageUrl } };
    }
    const paragraph = newSection('paragraph', id);
    return { ...paragraph, columnWidth, delta: previewDelta(preview) };
  });
  return {
    ...section,
    layoutType,
    isLayoutStacked: STACKED_LAYOUTS.includes(layoutType),
    blocks,
    // The dynamic block keeps only its URL (spec 2 §3); its children hold what was loaded.
    blockModel: (section.type === 'url' ? { url, preview } : { url }) as SectionOf<T>['blockModel'],
  };
}

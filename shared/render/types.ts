import type { BlockType, FooterLanguage, LetterSettings, SectionOf } from '../model';

// The contract between the letter renderer and the renderers of each block type.
// Everything a renderer needs arrives here; nothing reads a clock, a random source or
// global state, so the same section always renders the same MJML.

export interface RenderChannel {
  title: string;
  channelName: string;
  channelSlug: string;
  /**
   * The channel's brand. Channel slugs repeat across brands, so links to the channel's
   * archive page name it, and stay right if another brand takes the same slug later.
   */
  brandSlug?: string;
  accentColor: string;
  /** The channel's font and background colours (channel settings); their defaults when absent. */
  fontColor?: string;
  backgroundColor?: string;
  /** The channel's square logo (logo blocks, footer logo), or null. */
  logoUrl: string | null;
  contactAddress: { street: string; city: string; state: string; postal: string } | null;
  /** The channel's language (its footer language): the document's `lang`, the 'View in browser' words. English when absent. */
  footerLanguage?: FooterLanguage;
  /** The footer's 'Made with Letterdesk' credit (channel settings); on unless false. */
  madeWithCredit?: boolean;
  /** The 'View in browser' link at the top (channel settings); on unless false. */
  viewInBrowserLink?: boolean;
}

export interface RenderContext {
  /** The letter's settings; section values override them. */
  settings: LetterSettings;
  /** The letter's email service provider (1 = Iterable: its unsubscribe link is a merge tag). */
  esp: number;
  letterUniqueId: string;
  channel: RenderChannel | null;
  /** Origin of the platform's public pages (unsubscribe, poll response, archive), no trailing slash. */
  platformUrl: string;
  /** Company-level letters (the company channel) render footer and logo placeholders. */
  isCompanyLevel: boolean;
  /** The year the footer's © shows: passed in so renders stay deterministic. */
  year: number;
  /** The audience is an engagement segment: the footer adds the behaviour opt-out link. */
  isEngagementSegment: boolean;
  /**
   * Rendered for the public web archive, not for a reader's inbox: nothing in it belongs to
   * one subscriber, so the footer leaves out the unsubscribe and opt-out links.
   */
  webArchive?: boolean;
  /** A private letter has no public page, so nothing links to one. */
  letterIsPrivate?: boolean;
  /** Pixels available to a section's content at the desktop width (after paddings). */
  contentWidth: number;
}

/**
 * Renders one section's own content as MJML *column content*: the elements that go inside
 * an `<mj-column>` (mj-text, mj-image, mj-button, mj-divider, mj-social, mj-table, mj-raw).
 * The section wrapper adds the section's common settings (background, borders, paddings,
 * font) around it. Every user-supplied text and URL must be escaped.
 */
export type BlockRenderer<T extends BlockType = BlockType> = (section: SectionOf<T>, ctx: RenderContext) => string;

/**
 * For sections that lay out several columns themselves (layouts, two-column items, events
 * in two columns): returns complete `<mj-column>` elements. `renderChild` renders a child
 * section as one column of the given width in percent.
 */
export type ColumnsRenderer<T extends BlockType = BlockType> = (
  section: SectionOf<T>,
  ctx: RenderContext,
  renderChild: (child: SectionOf<BlockType>, widthPercent: number) => string,
) => string;

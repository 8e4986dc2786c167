// Values the spec fixes for the letter model (spec 1 §9, spec 2 §3 and §9), kept once so
// the factories, the rules and the panels cannot disagree. Debounces and user-facing
// messages are not model facts and live with the code that uses them.

// --- Letter widths -------------------------------------------------------------------
// The spec gives two defaults; DECISIONS: a new letter gets 640 / 320, and the panel shows
// 720 / 480 only when a stored letter lacks the field.
export const DESKTOP_WIDTH_MIN = 600;
export const DESKTOP_WIDTH_MAX = 2000;
export const DESKTOP_WIDTH_DEFAULT = 640;
export const DESKTOP_WIDTH_WHEN_MISSING = 720;
export const MOBILE_WIDTH_MIN = 240;
export const MOBILE_WIDTH_DEFAULT = 320;
export const MOBILE_WIDTH_WHEN_MISSING = 480;

// --- New section (DECISIONS "Defaults where the spec gives two") ----------------------
// The spec's Montserrat / Verdana and Times New Roman read as dated in 2026's inboxes (and
// Montserrat is a web font Gmail and Outlook never load): new letters and sections use the
// reader's system font, Arial where it has none (issue 37, docs/decisions.md).
export const SECTION_FONT_DEFAULT = 'System UI';
export const SECTION_FONT_FALLBACK_DEFAULT = 'Arial';
export const SECTION_FONT_SIZE_DEFAULT = 18;
export const SECTION_LINE_HEIGHT_DEFAULT = 1.52;
export const SECTION_TEXT_COLOR_DEFAULT = '#202a33';
export const SECTION_PADDING_VERTICAL_DEFAULT = 10;
export const SECTION_PADDING_HORIZONTAL_DEFAULT = 25;
/** A top-level section spans the whole letter; columnWidth is a percent. */
export const SECTION_COLUMN_WIDTH_FULL = 100;

// --- Letter-wide text styles (p, h1–h6) -----------------------------------------------
export const LETTER_FONT_DEFAULT = 'System UI';
export const LETTER_FONT_FALLBACK_DEFAULT = 'Arial';
export const LETTER_FONT_SIZE_DEFAULT = 16;
export const LETTER_LINE_HEIGHT_DEFAULT = 1.52;
/** Headings scale up from the 16 px paragraph; h6 matches it. */
export const LETTER_HEADING_FONT_SIZES = { h1: 32, h2: 28, h3: 24, h4: 20, h5: 18, h6: 16 } as const;
export const DEFAULT_LINK_COLOR = '#0000EE';

// --- Text, padding, border ranges ------------------------------------------------------
export const FONT_SIZE_MIN = 8;
export const BUTTON_FONT_SIZE_MIN = 8;
export const BUTTON_FONT_SIZE_MAX = 72;
export const LINE_HEIGHT_MIN = 1;
export const LINE_HEIGHT_MAX = 50;
/** Default padding inside a block, each side. */
export const BLOCK_PADDING_DEFAULT = 4;
/** Email block styles panel (and the general padding rule). */
export const PADDING_MAX = 9999;
/** The block-specific common settings panel (DECISIONS: both ranges apply, each in its panel). */
export const COMMON_PANEL_PADDING_MAX = 250;
export const BORDER_SIZE_MAX = 9999;
export const BORDER_COLOR_DEFAULT = '#000000';
export const BORDER_RADIUS_DEFAULT = 3;
export const BORDER_THICKNESS_DEFAULT = 0;
/** What turning the border switch on gives when no earlier thickness was stored. */
export const BORDER_THICKNESS_WHEN_SWITCHED_ON = 1;

// --- Text blocks ------------------------------------------------------------------------
export const PLACEHOLDER_PARAGRAPH_TEXT = 'Start writing something great...';

// --- Images -----------------------------------------------------------------------------
export const IMAGE_WIDTH_DEFAULT = 300;
export const IMAGE_WIDTH_MIN = 50;
export const IMAGE_ALT_MAX = 140;
export const IMAGE_LINK_MAX = 1000;

// --- Buttons ----------------------------------------------------------------------------
export const BUTTON_LABEL_DEFAULT = 'New custom button';
export const BUTTON_BORDER_RADIUS_DEFAULT = 3;
export const BUTTON_INNER_PADDING_DEFAULT = { top: 10, right: 25, bottom: 10, left: 25 } as const;
export const BUTTON_LINK_MAX = 300;
/** Button spacing and width are percents. */
export const BUTTON_SPACING_MAX = 100;
export const BUTTON_WIDTH_MAX = 100;
/** Shared by letter-wide buttons, custom buttons and poll buttons. */
export const BUTTON_BACKGROUND_COLOR_DEFAULT = '#1D2D4D';
export const BUTTON_TEXT_COLOR_DEFAULT = '#FFFFFF';

// --- Dividers ---------------------------------------------------------------------------
export const DIVIDER_THICKNESS_MIN = 0;
export const DIVIDER_THICKNESS_MAX = 50;
export const DIVIDER_THICKNESS_DEFAULT = 1;

// --- Layouts, curation, feeds, news ------------------------------------------------------
export const LAYOUT_WIDTH_MIN = 1;
export const LAYOUT_WIDTH_MAX = 100;
export const COLUMN_WIDTH_MIN = 20;
export const COLUMN_WIDTH_MAX = 80;
export const CURATION_ITEM_COUNT_DEFAULT = 1;
export const CURATION_ITEM_COUNT_MAX = 10;
export const CURATION_ITEM_OFFSET_DEFAULT = 0;
export const CURATION_ITEM_OFFSET_MAX = 19;
export const FEED_ITEM_COUNT_MIN = 1;
export const FEED_ITEM_COUNT_MAX = 10;
export const NEWS_ITEM_COUNT_DEFAULT = 10;
export const NEWS_SEARCH_MODE_DEFAULT = 'everything';
/** 0 means all days (no date limit). */
export const DAYS_TO_DISPLAY_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 14, 28, 0] as const;
export const DAYS_TO_DISPLAY_DEFAULT = 7;

// --- Events -----------------------------------------------------------------------------
export const EVENTS_CALL_TO_ACTION_DEFAULT = 'Get tickets';
export const EVENTS_DATE_FONT_SIZE_DEFAULT = 18;
export const EVENTS_DESCRIPTION_FONT_SIZE_DEFAULT = 18;
export const EVENTS_PRICE_AND_VENUE_FONT_SIZE_DEFAULT = 14;
/** The spec says 0 in one place and 15 in another; DECISIONS picks 0. */
export const EVENTS_MARGIN_DEFAULT = 0;
export const EVENTS_DAYS_OPTIONS = [1, 2, 3, 4, 5, 6, 7, 14, 28] as const;
export const EVENTS_DAYS_DEFAULT = 7;
export const EVENTS_TOTAL_MAX = 100;

// --- Promotions --------------------------------------------------------------------------
export const PROMOTION_DISCLAIMER_DEFAULT = 'Promotion from';
export const PROMOTION_DISCLAIMER_PLACEHOLDER = 'Paid promotion';
export const PROMOTION_DISCLAIMER_MAX = 180;
export const PROMOTION_BACKGROUND_COLOR_DEFAULT = '#FFFFFF';
export const PROMOTION_BORDER_THICKNESS_DEFAULT = 1;
export const PROMOTION_PADDING_DEFAULT = 4;
/** newpromotion.zone of 0 means no zone chosen yet. */
export const PROMOTION_ZONE_NONE = 0;

// --- Polls -------------------------------------------------------------------------------
export const POLL_BUTTON_SPACING_DEFAULT = 8;
export const POLL_BUTTON_WIDTH_DEFAULT = 100;
export const POLL_BUTTON_INNER_PADDING_DEFAULT = { top: 10, right: 12, bottom: 10, left: 12 } as const;

// --- Social ------------------------------------------------------------------------------
export const SOCIAL_GAP_DEFAULT = 16;

// --- Fonts -------------------------------------------------------------------------------
/** The fallback fonts the pickers offer (spec 2 §9), spelled as the spec spells them. */
export const FALLBACK_FONTS = [
  'Arial',
  'Baskerville',
  'Courier new',
  'Georgia',
  'Helvetica',
  'Platino',
  'Tahoma',
  'Times New Roman',
  'Verdana',
] as const;

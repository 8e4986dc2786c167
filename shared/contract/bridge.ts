import { curationChannels } from './bridge-curation';
import { InboxCompatibilitySchema } from './inbox-compatibility';
import { z } from 'zod';
import { OrganizationSchema, UserSchema } from '../model/channel';
import { LetterSchema, LetterSummarySchema } from '../model/letter';
import { SectionsJsonSchema } from '../model/section';
import {
  OrganizationFeatureFlagSchema,
  OrganizationFeatureFlagsSchema,
  SegmentOptionSchema,
  SpecificEmailsLeftOutRequestSchema,
  SpecificEmailsLeftOutResponseSchema,
} from './platform-audience';
import { LetterSettingsSchema } from '../model/letter-settings';
import { PublicationStatusSchema } from '../model/letter';
import { FEATURE_FLAG_NAMES } from '../model/feature-flags';
import { SuggestionSourceSchema } from './platform-media';
import { DeliveryEventSchema } from './platform-delivery-events';
import { pollChannels } from './bridge-polls';
import { importChannels } from './bridge-import';
import { audienceChannels } from './bridge-audience';
import { previewAsChannels } from './bridge-preview-as';
import { promotionChannels } from './bridge-promotions';
import { reportChannels } from './bridge-reports';
import { aiChannels, aiEvents } from './bridge-ai';
import { linkContentChannels } from './bridge-link-content';
import { dashboardChannels } from './bridge-dashboards';
import { sendingChannels } from './bridge-sending';
import { automationChannels } from './bridge-automations';
import { historyChannels } from './bridge-history';
import { AutomationSettingsSchema } from '../model/automation';
import { LocalMailboxPreviewSchema, LocalMailboxResponseSchema } from './local-mailbox';
import { LETTER_SORT_COLUMNS, LETTER_STATUS_FILTERS, type LetterStatusFilter } from '../model/publication';
import type { DesktopBridge } from './desktop';
import { ChannelSettingsSchema } from '../model/channel-settings';
import { LetterListMetricsItemSchema, LetterListMetricsQuerySchema } from './platform-letter-list-metrics';
import type { Result } from './errors';
import { SpamCheckResponseSchema } from './platform-spam-check';

// The bridge between the renderer and the core: every channel with the zod schema of its
// input and output, and every event the core emits. Both hosts (Electron and the browser
// host) parse input with these schemas before a handler runs.

const LetterPlacementSchema = z.object({
  brandSlug: z.string().trim().min(1, 'Choose an organization'),
  channelSlug: z.string().trim().min(1, 'Choose a channel'),
});

export const SessionSchema = z.object({
  /** embedded: the platform the app started itself; remote: a server the user signs in to. */
  mode: z.enum(['embedded', 'remote']),
  platformUrl: z.string(),
  signedIn: z.boolean(),
  user: UserSchema.nullable(),
  organizations: z.array(OrganizationSchema),
});
export type Session = z.infer<typeof SessionSchema>;

/**
 * claimed: this editor holds the letter; refused: someone else does (`message` is the spec's
 * 'Sorry, {name} is currently working on this letter.'); offline / unsynced: the platform
 * cannot be asked (no connection, or the letter has not reached it yet), editing goes on.
 */
export const ClaimOutcomeSchema = z.object({
  state: z.enum(['claimed', 'refused', 'offline', 'unsynced']),
  message: z.string().nullable(),
});
export type ClaimOutcome = z.infer<typeof ClaimOutcomeSchema>;

/** The CONTENT CHECK figures of a rendered letter (see shared/render/insights.ts). */
export const PreviewInsightsSchema = z.object({
  wordCount: z.number(),
  readability: z.object({ ease: z.number().nullable(), time: z.number().nullable() }),
  size: z.number(),
  weight: z.enum(['Good', 'Warning']),
  flags: z.object({
    gmailClipping: z.boolean(),
    imagesWithoutAlt: z.array(z.string()),
    insecureLinks: z.array(z.string()),
    missingUnsubscribe: z.boolean(),
    emptyTextBlocks: z.number().int().nonnegative(),
    emptyImageSlots: z.array(z.object({ uniqueId: z.string(), block: z.string() })),
  }),
});
export type PreviewInsights = z.infer<typeof PreviewInsightsSchema>;

export const PreviewSchema = z.object({
  html: z.string(),
  insights: PreviewInsightsSchema,
  /** MJML's complaints, if any: empty for every letter the model accepts. */
  errors: z.array(z.string()),
});
export type Preview = z.infer<typeof PreviewSchema>;

export const SyncStatusSchema = z.object({
  state: z.enum(['synced', 'syncing', 'offline', 'error', 'signed-out']),
  pending: z.number().int().nonnegative(),
  message: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof SyncStatusSchema>;

export const LetterListItemSchema = LetterSummarySchema.extend({
  /** True while local edits have not reached the platform yet. */
  unsynced: z.boolean(),
  /** Why the platform refused this letter's last push for good; the local copy is kept. */
  syncError: z.string().nullable(),
});
export type LetterListItem = z.infer<typeof LetterListItemSchema>;

/**
 * The fields the composer changes locally: the blocks and the letter's styles while it is a
 * draft; the schedule step's fields (subject, preview text, audience, date, A/B, social
 * card) while it is being scheduled. Every one of them is in SQLite before the UI calls it saved.
 */
export const LetterChangesSchema = z
  .object({
    title: z.string().max(1000, 'The title may not be greater than 1000 characters.'),
    /** The sections as JSON text; refused unless every section fits its block model. */
    blocks: z.string().refine((text) => SectionsJsonSchema.safeParse(text).success, 'These blocks do not match the letter model.'),
    settings: LetterSettingsSchema,
    subtitle: z.string().max(10_000),
    subjectB: z.string().max(1000, 'The subject may not be greater than 1000 characters.'),
    hasAbTest: z.boolean(),
    segmentId: z.number().int().nullable(),
    segmentName: z.string().nullable(),
    /** 'YYYY-MM-DD HH:mm:ss' on the channel's wall clock, or null. */
    publicationDate: LetterSchema.shape.publicationDate,
    publicationDateTzCode: z.string().nullable(),
    openGraphHeadline: z.string().max(10_000),
    openGraphDescription: z.string().max(10_000),
    openGraphImageUrl: z.string().max(4096),
    updatePreviewText: z.boolean(),
    /** A template's trigger, chosen in its configure step; sent to the platform by Activate. */
    automation: AutomationSettingsSchema,
  })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to save');
export type LetterChanges = z.infer<typeof LetterChangesSchema>;

export const IMAGE_CROPS = ['original', 'circle', 'square', '4:3', '3:4'] as const;
export type ImageCrop = (typeof IMAGE_CROPS)[number];

export const ImageImportSchema = z.object({
  letterUniqueId: z.string().min(1),
  fileName: z.string().max(1000),
  mimeType: z.string().max(200),
  /** The file's bytes, base64: the bridge carries JSON. */
  dataBase64: z.string().min(1, 'This file is empty.'),
  /** 'social': the social card's image, resized to 400 wide (spec 1 §5). */
  purpose: z.enum(['block', 'social']).default('block'),
});

/** An image by its web address (the image field's address box, or re-cropping an image this computer never imported). */
export const ImageFromUrlSchema = z.object({
  letterUniqueId: z.string().min(1),
  url: z.string().trim().min(1, 'Enter the address of the image.').max(2048, 'This address is too long.'),
  purpose: z.enum(['block', 'social']).default('block'),
});

/** Where each crop of an imported image can be shown from; local URLs until uploaded. */
export const ImportedImageSchema = z.object({
  imageId: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** The shrunk original; the other crops are built from it. */
  url: z.string(),
  /** Every crop of spec 2's presets (the social card's image has one size: all name it). */
  variants: z.record(z.enum(IMAGE_CROPS), z.string()),
  /** True once the platform holds it; until then the URLs are this computer's copies. */
  uploaded: z.boolean(),
});
export type ImportedImage = z.infer<typeof ImportedImageSchema>;

const empty = z.object({}).strict();

export const LETTER_LIST_PAGE_SIZE = 100;
const LETTER_LIST_MAX_LIMIT = 1000;

export const bridgeChannels = {
  'app.session': { input: empty, output: SessionSchema },
  'auth.signIn': {
    input: z.object({
      email: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
      password: z.string().min(1, 'Password is required'),
    }),
    output: SessionSchema,
  },
  'auth.signOut': { input: empty, output: SessionSchema },
  'letters.list': {
    input: LetterPlacementSchema.extend({
      /** Words to find in titles and text; every word must match (as a prefix). */
      search: z.string().trim().max(200, 'Search with fewer words.').optional(),
      status: z.enum(Object.keys(LETTER_STATUS_FILTERS) as [LetterStatusFilter, ...LetterStatusFilter[]]).optional(),
      sort: z.enum(LETTER_SORT_COLUMNS).optional(),
      direction: z.enum(['asc', 'desc']).optional(),
      /** A page of the list: the window shows LETTER_LIST_PAGE_SIZE rows at a time. */
      limit: z.number().int().min(1).max(LETTER_LIST_MAX_LIMIT).optional(),
      offset: z.number().int().min(0).optional(),
    }),
    output: z.array(LetterListItemSchema),
  },
  /** `id` is the server id or, for a letter not yet synced, its uniqueId. */
  'letters.get': { input: LetterPlacementSchema.extend({ id: z.string().trim().min(1) }), output: LetterSchema.nullable() },
  /**
   * A new draft, or with `template` a new template (status template, 3). With
   * `templateUniqueId` the draft starts from that template of the channel: its blocks and
   * styles, with an empty title of its own.
   */
  'letters.create': {
    input: LetterPlacementSchema.extend({ template: z.boolean().optional(), templateUniqueId: z.string().min(1).optional() }),
    output: LetterSchema,
  },
  'letters.saveLocal': {
    input: z.object({ uniqueId: z.string().min(1), changes: LetterChangesSchema }),
    output: LetterSchema,
  },
  /**
   * Exclusive editing (spec 1 §4 "Claiming"): opening a draft claims it. `force` takes the
   * claim over from whoever holds it.
   */
  'letters.claim': {
    input: z.object({ uniqueId: z.string().min(1), force: z.boolean().optional() }),
    output: ClaimOutcomeSchema,
  },
  /** The letter as subscribers will see it: a stored letter, or unsaved content. */
  'render.preview': {
    input: z.union([z.object({ uniqueId: z.string().min(1) }), z.object({ letter: LetterSchema })]),
    output: PreviewSchema,
  },
  /**
   * The CONTENT CHECK's inbox compatibility of a stored letter: per mail client family, the
   * blocks that will not show as designed (caniemail's data, shipped with the app, offline).
   */
  'render.inboxCompatibility': { input: z.object({ uniqueId: z.string().min(1) }), output: InboxCompatibilitySchema },
  /**
   * The schedule step's preview: the stored letter rendered, each promotion slot filled with
   * the day's promotion the send will carry (the ads chosen for the day). Without a
   * connection it is the plain preview.
   */
  'promotions.schedulePreview': { input: z.object({ uniqueId: z.string().min(1) }), output: PreviewSchema },
  /**
   * The audience options of a channel ('All active subscribers' first). Offline, the last
   * list seen is answered with `offline: true`.
   */
  'segments.list': {
    input: LetterPlacementSchema,
    output: z.object({ items: z.array(SegmentOptionSchema), offline: z.boolean(), fetchedAt: z.string().nullable() }),
  },
  /**
   * Of a 'Specific emails' list, how many addresses the send will leave out, and why
   * (unsubscribed or bounced in the channel). Needs the platform: offline, the code `offline`.
   */
  'segments.specificEmailsLeftOut': {
    input: LetterPlacementSchema.extend({ emails: SpecificEmailsLeftOutRequestSchema.shape.emails }),
    output: SpecificEmailsLeftOutResponseSchema,
  },
  'sync.status': { input: empty, output: SyncStatusSchema },
  'sync.now': { input: empty, output: SyncStatusSchema },

  // --- The lifecycle (spec 1 §4). These need the platform: offline they fail with the
  // code 'offline' and a message saying so, and change nothing. Local edits are pushed first.

  /**
   * Moves the letter to `to` (update-status): draft → schedule ('Preview and schedule'),
   * schedule → draft ('Save as draft', 'Continue editing'), scheduled → draft ('Pause and
   * edit'), template configure → configured and back. Answers the letter as the platform has it.
   */
  'letters.changeStatus': {
    input: z.object({ uniqueId: z.string().min(1), to: PublicationStatusSchema }),
    output: LetterSchema,
  },
  /**
   * 'Schedule': save-on-scheduling with the letter's local schedule fields, the locally
   * rendered email and status scheduled. Refused with the spec's messages when a rule fails.
   */
  'letters.schedule': { input: z.object({ uniqueId: z.string().min(1) }), output: LetterSchema },
  /**
   * The Private switch (schedule step, and the composer's more-menu once sent): update-private.
   * A private letter is left off the channel's public web archive; the choice is the editor's
   * from then on (shared/rules/letter-privacy.ts).
   */
  'letters.setPrivate': { input: z.object({ uniqueId: z.string().min(1), private: z.boolean() }), output: LetterSchema },
  /** Send a Test Email: answers the platform's message ('Test sent. It should arrive in a jiffy.'). */
  'letters.sendTest': {
    input: z.object({
      uniqueId: z.string().min(1),
      toEmail: z.string().trim().min(1, 'Email is required').email('Enter a valid email address'),
    }),
    /**
     * `note`: why it was not sent by email (the platform has no SMTP server: it is in its
     * local mailbox). `keptInLocalMailbox`: the same fact as a flag, for the dialog to say.
     */
    output: z.object({ message: z.string(), note: z.string().nullable(), keptInLocalMailbox: z.boolean() }),
  },
  /**
   * The CONTENT CHECK's spam score (issue 35): the letter's email, as a test send builds it,
   * with the schedule step's subject and preview text as they stand on this computer, scored
   * by the platform's SpamAssassin. Needs the platform; `available: false` (with a message)
   * where its server has no SpamAssassin.
   */
  'letters.spamCheck': { input: z.object({ uniqueId: z.string().min(1) }), output: SpamCheckResponseSchema },
  /**
   * The platform's local mailbox: the emails it kept instead of sending (no mail server set
   * up), newest first, and whether it has a mail server. Needs the platform.
   */
  'localMailbox.list': { input: empty, output: LocalMailboxResponseSchema },
  /**
   * One kept email as the Local mailbox screen shows it: without its open pixel, its tracked
   * links pointing where they lead, so viewing it records no open and a link no click.
   */
  'localMailbox.preview': { input: z.object({ id: z.number().int().positive() }), output: LocalMailboxPreviewSchema },
  /** A copy titled 'Copy of {title}' with `status` and no publication date; made locally, works offline. */
  'letters.clone': {
    input: z.object({ uniqueId: z.string().min(1), status: PublicationStatusSchema.optional() }),
    output: LetterSchema,
  },
  /**
   * Deletes a letter for good (the confirm-delete dialog). One the platform holds is deleted
   * there first (offline: code 'offline', nothing changes); one that never reached it is
   * only on this computer and goes at once, offline too.
   */
  'letters.delete': { input: z.object({ uniqueId: z.string().min(1) }), output: z.object({ uniqueId: z.string() }) },
  /**
   * Recipients, opens and clicks of a page of the list's letters (by platform id), for its
   * rate columns. Offline: no items and `offline: true`; the list shows '—'.
   */
  'letters.metrics': {
    input: LetterPlacementSchema.extend({ ids: LetterListMetricsQuerySchema.shape.ids }),
    output: z.object({ items: z.array(LetterListMetricsItemSchema), offline: z.boolean() }),
  },
  /** The channel settings screen: read from the platform (needs a connection). */
  'channels.getSettings': { input: LetterPlacementSchema, output: ChannelSettingsSchema },
  /** Saves them on the platform and refreshes the session, so every screen reads the new values. */
  'channels.saveSettings': { input: LetterPlacementSchema.extend({ settings: ChannelSettingsSchema }), output: ChannelSettingsSchema },
  /** The platform's verdict on a UTM value (a merge tag). */
  'letters.validateMergeTag': {
    input: z.object({ uniqueId: z.string().min(1), mergeTag: z.string().max(1000) }),
    output: z.object({ valid: z.boolean(), message: z.string() }),
  },
  /** Subject or preview text suggestions; `source: 'content'` when taken from the letter's own text. */
  'letters.suggest': {
    input: z.object({ uniqueId: z.string().min(1), field: z.enum(['subject', 'previewText']) }),
    output: z.object({ items: z.array(z.string()), source: SuggestionSourceSchema }),
  },
  /** The Open Graph title, description and image of a page (the social card's 'load from URL'). */
  'social.loadOpenGraph': {
    input: z.object({ url: z.string().trim().min(1).max(2048) }),
    output: z.object({ title: z.string(), description: z.string(), image: z.string() }),
  },
  /**
   * Every feature flag for a channel (spec 1 §6), off unless the platform says otherwise.
   * Offline, the last answer seen is used.
   */
  'featureFlags.get': {
    input: LetterPlacementSchema,
    output: z.record(z.enum(FEATURE_FLAG_NAMES), z.boolean()),
  },
  /**
   * An organization's features (Settings → Features): each flag as the organization has it,
   * and whether the user may switch them (owners and admins). Needs the platform.
   */
  'featureFlags.organization': { input: z.object({ brandSlug: z.string().trim().min(1) }), output: OrganizationFeatureFlagsSchema },
  /** Turns a feature on or off for the organization and every channel of it (owners and admins). Needs the platform. */
  'featureFlags.set': {
    input: z.object({ brandSlug: z.string().trim().min(1), name: z.enum(FEATURE_FLAG_NAMES), enabled: z.boolean() }),
    output: OrganizationFeatureFlagSchema,
  },
  /**
   * An image picked or dropped by the editor: shrunk to fit 1024×1024, cropped into the
   * variants, stored locally and uploaded when the platform is reachable (see images/).
   */
  'images.import': { input: ImageImportSchema, output: ImportedImageSchema },
  /**
   * An image this computer imported, found by the URL of any of its files (this computer's
   * or the platform's): its crops, for re-cropping a block later. null when it is not known here.
   */
  'images.find': { input: z.object({ url: z.string().min(1).max(4096) }), output: ImportedImageSchema.nullable() },
  /**
   * An image by its web address, with every crop: the platform copies it (upload-from-url,
   * its guarded fetcher refusing private addresses) and the copy is imported as a picked
   * file is. One this computer already knows is answered as it is. Needs the platform.
   */
  'images.importFromUrl': { input: ImageFromUrlSchema, output: ImportedImageSchema },
  // Edition reports and the channel dashboard (bridge-reports.ts).
  ...reportChannels,
  // The AI assistant (bridge-ai.ts).
  ...aiChannels,
  // Link previews, news, events, HTML validation and the integrations page (bridge-link-content.ts).
  ...linkContentChannels,
  // The metrics dashboards (bridge-dashboards.ts).
  ...dashboardChannels,
  // Polls (bridge-polls.ts).
  ...pollChannels,
  // Subscribers and segments screens (bridge-audience.ts).
  ...audienceChannels,
  // The curation screen and blocks (bridge-curation.ts).
  ...curationChannels,
  // Promotions: campaigns, collateral, approvals, metrics, zones (bridge-promotions.ts).
  ...promotionChannels,
  // Sending identity: a channel's From, the sending domains, deliverability checks (bridge-sending.ts).
  ...sendingChannels,
  // Templates that run: Activate with a trigger, and what an active one has done (bridge-automations.ts).
  ...automationChannels,
  // 'Preview as' a reader (bridge-preview-as.ts).
  ...previewAsChannels,
  // Import a letter from a file (bridge-import.ts).
  ...importChannels,
  // Version history (bridge-history.ts).
  ...historyChannels,
} as const;

export type BridgeChannels = typeof bridgeChannels;
export type ChannelName = keyof BridgeChannels;
export type ChannelInput<C extends ChannelName> = z.input<BridgeChannels[C]['input']>;
export type ChannelParsedInput<C extends ChannelName> = z.output<BridgeChannels[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<BridgeChannels[C]['output']>;

export const bridgeEvents = {
  'sync.status': SyncStatusSchema,
  /** Letters changed in the local store (by sync or another window): lists refetch. */
  'letters.changed': z.object({ uniqueIds: z.array(z.string()) }),
  /** A native menu item was chosen: run the registry command with this id (Electron only). */
  'app.command': z.object({ id: z.string() }),
  /** Show this app route (a letterdesk:// link was opened; Electron only). */
  'app.navigate': z.object({ path: z.string() }),
  /** Someone else took over editing control of a letter this editor was working on. */
  'letters.takenOver': z.object({ uniqueId: z.string(), name: z.string() }),
  /**
   * A push lost to a newer version on the platform: the letter now holds the platform's
   * version and the local edits live on in a new draft (the conflicted copy).
   */
  'letters.conflict': z.object({
    brandSlug: z.string(),
    channelSlug: z.string(),
    uniqueId: z.string(),
    title: z.string(),
    copyUniqueId: z.string(),
    copyTitle: z.string(),
  }),
  /**
   * Images imported offline reached the platform: each of `urls` (this computer's address →
   * the platform's) was replaced in the stored letter; an open composer replaces them too.
   */
  'images.uploaded': z.object({ letterUniqueId: z.string(), urls: z.record(z.string(), z.string()) }),
  /**
   * A scheduled send started, finished or stopped on the platform (main notifies natively).
   * `keptInLocalMailbox`: the platform has no mail server, so its emails stayed in its
   * local mailbox (the core asks the platform once); absent when that is not known.
   */
  'delivery.event': DeliveryEventSchema.extend({ keptInLocalMailbox: z.boolean().optional() }),
  // The AI assistant's streamed suggestion (bridge-ai.ts).
  ...aiEvents,
} as const;
export type BridgeEvents = typeof bridgeEvents;
export type EventName = keyof BridgeEvents;
export type EventPayload<E extends EventName> = z.output<BridgeEvents[E]>;

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.hasOwn(bridgeChannels, name);
}

/** What the renderer sees as `window.bridge`, in Electron and in the browser alike. */
export interface Bridge {
  /** True where a native menu owns the shortcuts (Electron); the renderer then leaves keys alone. */
  readonly nativeMenu?: boolean;
  /** The desktop app's own settings and menu state (Electron only). */
  readonly desktop?: DesktopBridge;
  invoke<C extends ChannelName>(channel: C, input: ChannelInput<C>): Promise<Result<ChannelOutput<C>>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** One handler per channel, as the core implements them. */
export type BridgeHandlers = {
  [C in ChannelName]: (input: ChannelParsedInput<C>) => Promise<ChannelOutput<C>>;
};

/** How the core tells the host to deliver an event to every window. */
export type EmitEvent = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

/** Messages of the wire protocol used by the WebSocket and MessagePort transports. */
export type BridgeRequestMessage = { type: 'invoke'; id: number; channel: string; input: unknown };
export type BridgeResponseMessage =
  | { type: 'result'; id: number; result: Result<unknown> }
  | { type: 'event'; event: EventName; payload: unknown };

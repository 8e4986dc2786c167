import { z } from 'zod';
import { OrganizationSchema, UserSchema } from '../model/channel';
import { LetterSchema, LetterSummarySchema } from '../model/letter';
import { SectionsJsonSchema } from '../model/section';
import { SegmentOptionSchema } from './platform-audience';
import { LETTER_SORT_COLUMNS, LETTER_STATUS_FILTERS, type LetterStatusFilter } from '../model/publication';
import type { Result } from './errors';

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

/** The fields the composer may change locally in this release. */
export const LetterChangesSchema = z
  .object({
    title: z.string().max(1000, 'The title may not be greater than 1000 characters.'),
    /** The sections as JSON text; refused unless every section fits its block model. */
    blocks: z.string().refine((text) => SectionsJsonSchema.safeParse(text).success, 'These blocks do not match the letter model.'),
  })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, 'Nothing to save');
export type LetterChanges = z.infer<typeof LetterChangesSchema>;

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
  'letters.create': { input: LetterPlacementSchema, output: LetterSchema },
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
   * The audience options of a channel ('All active subscribers' first). Offline, the last
   * list seen is answered with `offline: true`.
   */
  'segments.list': {
    input: LetterPlacementSchema,
    output: z.object({ items: z.array(SegmentOptionSchema), offline: z.boolean(), fetchedAt: z.string().nullable() }),
  },
  'sync.status': { input: empty, output: SyncStatusSchema },
  'sync.now': { input: empty, output: SyncStatusSchema },
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

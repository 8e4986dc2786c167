import type { FastifyRequest } from 'fastify';
import { PREVIEW_UNAVAILABLE_MESSAGE } from '../../shared/contract/platform-delivery';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import type { Letter } from '../../shared/model/letter';
import { SectionsJsonSchema } from '../../shared/model/section';
import type { Section } from '../../shared/model/section';
import { letterRenderInput, renderLetterInput } from '../../shared/render';
import type { LetterRenderContext, RenderChannel, RenderedLetter } from '../../shared/render';
import { formatPath } from '../../shared/render/letter-input';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { HttpError } from '../http/errors';

// Rendering a letter on the platform with shared/render, with the context the core's live
// preview builds (src-main/core/render/preview-service.ts), so a preview from either side
// looks the same. The platform knows more than the core's cache: the channel's postal
// address and whether the audience is an engagement segment, and it uses both.

/** Issues listed with a refused render; the first few say enough. */
const LISTED_ISSUES = 5;

function contactAddress(channel: ChannelRow): RenderChannel['contactAddress'] {
  const street = [channel.contactAddressLine1, channel.contactAddressLine2].map((line) => line.trim()).filter(Boolean).join(', ');
  const address = { street, city: channel.contactCity, state: channel.contactRegion, postal: channel.contactPostalCode };
  return Object.values(address).some((part) => part.trim() !== '') ? address : null;
}

export function renderChannel(channel: ChannelRow, brandSlug?: string): RenderChannel {
  return {
    title: channel.title,
    channelName: channel.channelName,
    channelSlug: channel.slug,
    ...(brandSlug ? { brandSlug } : {}),
    accentColor: channel.accentColor,
    fontColor: channel.fontColor,
    backgroundColor: channel.backgroundColor,
    logoUrl: channel.channelSquareLogo,
    contactAddress: contactAddress(channel),
    footerLanguage: channel.footerLanguage,
    madeWithCredit: channel.madeWithCredit,
    viewInBrowserLink: channel.viewInBrowserLink,
  };
}

/** Where the platform's public pages are: the origin the caller reached it at. */
export function platformUrlOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

async function isEngagementSegment(db: Db, channelId: number, segmentId: number | null): Promise<boolean> {
  if (segmentId === null) return false;
  const segment = await db
    .selectFrom('segments')
    .select('isEngagementSegment')
    .where('id', '=', segmentId)
    .where('channelId', '=', channelId)
    .executeTakeFirst();
  return segment?.isEngagementSegment ?? false;
}

export async function renderContextFor(db: Db, channel: ChannelRow, letter: Letter, platformUrl: string): Promise<LetterRenderContext> {
  return {
    channel: renderChannel(channel, letter.brandSlug),
    platformUrl: platformUrl.replace(/\/+$/, ''),
    isCompanyLevel: channel.slug === COMPANY_CHANNEL_SLUG,
    year: new Date().getFullYear(),
    isEngagementSegment: await isEngagementSegment(db, channel.id, letter.segmentId),
  };
}

/** The sections of `blocks`, or the spec's 400 with what is wrong with them. */
export function readSections(blocks: string): Section[] {
  if (blocks.trim() === '') return [];
  const parsed = SectionsJsonSchema.safeParse(blocks);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.slice(0, LISTED_ISSUES).map((issue) => `${formatPath(['blocks', ...issue.path])}: ${issue.message}`);
  throw new HttpError(400, PREVIEW_UNAVAILABLE_MESSAGE, { blocks: issues });
}

/** Renders the letter in its channel, with `blocks` in place of the stored ones when given; `webArchive` for the public page. */
export async function renderInChannel(
  db: Db,
  channel: ChannelRow,
  letter: Letter,
  platformUrl: string,
  blocks: string = letter.blocks,
  options: Pick<LetterRenderContext, 'webArchive'> = {},
): Promise<RenderedLetter> {
  const sections = readSections(blocks);
  const context = await renderContextFor(db, channel, letter, platformUrl);
  return renderLetterInput(letterRenderInput(letter, sections, { ...context, ...options }));
}

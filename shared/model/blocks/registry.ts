import type { z } from 'zod';
import { IterableModelSchema, RevContentModelSchema, defaultIterableModel, defaultRevContentModel } from './ads';
import { ButtonModelSchema, defaultButtonModel } from './button';
import { DividerModelSchema, defaultDividerModel } from './divider';
import { EventsModelSchema, defaultEventsModel } from './events';
import {
  CurationModelSchema,
  DynamicModelSchema,
  NewsModelSchema,
  RssModelSchema,
  UrlModelSchema,
  defaultCurationModel,
  defaultDynamicModel,
  defaultNewsModel,
  defaultRssModel,
  defaultUrlModel,
} from './feeds';
import { FooterModelSchema, defaultFooterModel } from './footer';
import { HtmlModelSchema, defaultHtmlModel } from './html';
import { LayoutModelSchema, defaultLayoutModel } from './layout';
import {
  ImageModelSchema,
  LogoModelSchema,
  YoutubeModelSchema,
  defaultImageModel,
  defaultLogoModel,
  defaultYoutubeModel,
} from './media';
import { PollModelSchema, defaultPollModel } from './poll';
import {
  NewPromotionModelSchema,
  PromotionModelSchema,
  defaultNewPromotionModel,
  defaultPromotionModel,
} from './promotion';
import { ProfileModelSchema, ShareModelSchema, defaultProfileModel, defaultShareModel } from './social';
import {
  BlockquoteModelSchema,
  HeadingModelSchema,
  ParagraphModelSchema,
  defaultBlockquoteModel,
  defaultHeadingModel,
  defaultParagraphModel,
} from './text';

// Every block type of spec 2 §1 with its model schema and default, in one table, so that
// adding a type is one line here plus its member in section.ts. Block models are strict
// objects: several models are subsets of others (a paragraph's { align } of a button's),
// so only refusing unknown keys lets a section reject another type's model.

export const BLOCK_TYPES = [
  'blockquote',
  'button',
  'curation',
  'divider',
  'dynamic',
  'evvnt',
  'footer',
  'heading',
  'html',
  'image',
  'iterable',
  'layout',
  'logo',
  'news',
  'newrss',
  'newpromotion',
  'paragraph',
  'poll',
  'profile',
  'promotion',
  'revContent',
  'rss',
  'share',
  'url',
  'wordpress',
  'youtube',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_MODEL_SCHEMAS = {
  blockquote: BlockquoteModelSchema,
  button: ButtonModelSchema,
  curation: CurationModelSchema,
  divider: DividerModelSchema,
  dynamic: DynamicModelSchema,
  evvnt: EventsModelSchema,
  footer: FooterModelSchema,
  heading: HeadingModelSchema,
  html: HtmlModelSchema,
  image: ImageModelSchema,
  iterable: IterableModelSchema,
  layout: LayoutModelSchema,
  logo: LogoModelSchema,
  news: NewsModelSchema,
  // newrss and wordpress are curation over one feed kind, with the same panel and model.
  newrss: CurationModelSchema,
  newpromotion: NewPromotionModelSchema,
  paragraph: ParagraphModelSchema,
  poll: PollModelSchema,
  profile: ProfileModelSchema,
  promotion: PromotionModelSchema,
  revContent: RevContentModelSchema,
  rss: RssModelSchema,
  share: ShareModelSchema,
  url: UrlModelSchema,
  wordpress: CurationModelSchema,
  youtube: YoutubeModelSchema,
} as const satisfies Record<BlockType, z.ZodType>;

export type BlockModels = { [K in BlockType]: z.infer<(typeof BLOCK_MODEL_SCHEMAS)[K]> };
export type BlockModel = BlockModels[BlockType];

export const BLOCK_MODEL_DEFAULTS: { [K in BlockType]: () => BlockModels[K] } = {
  blockquote: defaultBlockquoteModel,
  button: defaultButtonModel,
  curation: defaultCurationModel,
  divider: defaultDividerModel,
  dynamic: defaultDynamicModel,
  evvnt: defaultEventsModel,
  footer: defaultFooterModel,
  heading: defaultHeadingModel,
  html: defaultHtmlModel,
  image: defaultImageModel,
  iterable: defaultIterableModel,
  layout: defaultLayoutModel,
  logo: defaultLogoModel,
  news: defaultNewsModel,
  newrss: defaultCurationModel,
  newpromotion: defaultNewPromotionModel,
  paragraph: defaultParagraphModel,
  poll: defaultPollModel,
  profile: defaultProfileModel,
  promotion: defaultPromotionModel,
  revContent: defaultRevContentModel,
  rss: defaultRssModel,
  share: defaultShareModel,
  url: defaultUrlModel,
  wordpress: defaultCurationModel,
  youtube: defaultYoutubeModel,
};

export function defaultBlockModel<T extends BlockType>(type: T): BlockModels[T] {
  return BLOCK_MODEL_DEFAULTS[type]();
}

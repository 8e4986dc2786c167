import type { ColumnType, Generated } from 'kysely';
import type { JsonWithDefault } from './column-types';

// Promotion campaigns, their collateral, ad types, advertisers and what letters carried.

type DateColumn = ColumnType<string | null, string | null | undefined, string | null>;

/** Promotions (migration 0023): see its comments. Dates are YYYY-MM-DD text. */
export interface PromotionAdvertisersTable {
  userId: number;
  organizationId: number;
  createdAt: Generated<Date>;
}

export interface PromotionAdTypesTable {
  id: Generated<number>;
  organizationId: number;
  title: string;
  templateId: number | null;
  hasHeading: Generated<boolean>;
  hasContent: Generated<boolean>;
  hasImage: Generated<boolean>;
  hasCallToActionUrl: Generated<boolean>;
  headingCharacterCount: Generated<number>;
  contentCharacterCount: Generated<number>;
  callToActionCharacterCount: Generated<number>;
  imageWidth: Generated<number>;
  imageHeight: Generated<number>;
  inventory: Generated<number>;
  positionManual: Generated<number>;
  position: Generated<number>;
  createdAt: Generated<Date>;
}

export interface PromotionCampaignsTable {
  id: Generated<number>;
  uniqueId: string;
  organizationId: number;
  channels: JsonWithDefault<string[]>;
  title: Generated<string>;
  description: Generated<string>;
  campaignInstructions: Generated<string>;
  promoterName: Generated<string>;
  promoterEmail: Generated<string>;
  status: Generated<number>;
  isTemplate: Generated<boolean>;
  dateRangeStart: DateColumn;
  dateRangeEnd: DateColumn;
  createdByUserId: number | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface PromotionCampaignCommentsTable {
  id: Generated<number>;
  campaignId: number;
  userId: number | null;
  comment: Generated<string>;
  status: number | null;
  createdAt: Generated<Date>;
}

export interface PromotionsTable {
  id: Generated<number>;
  uniqueId: string;
  campaignId: number;
  organizationId: number;
  adTypeId: number | null;
  zone: Generated<number>;
  headline: Generated<string>;
  content: Generated<string>;
  image: Generated<string>;
  imageAlternativeText: Generated<string>;
  callToAction: Generated<string>;
  callToActionUrl: Generated<string>;
  promoterDisplayName: Generated<string>;
  dateRangeStart: DateColumn;
  dateRangeEnd: DateColumn;
  dates: JsonWithDefault<string[]>;
  status: Generated<number>;
  payActionNameCode: Generated<number>;
  payActionQuantity: Generated<number>;
  /** numeric: node-postgres reads it as text. */
  payActionValue: ColumnType<string, string | number | undefined, string | number>;
  createdByUserId: number | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface PromotionMessagesTable {
  id: Generated<number>;
  promotionId: number;
  userId: number | null;
  kind: 'approve' | 'request-changes';
  message: Generated<string>;
  createdAt: Generated<Date>;
}

export interface LetterPromotionsTable {
  letterId: number;
  promotionId: number;
  slot: string;
  callToActionUrl: string;
  createdAt: Generated<Date>;
}

/** These tables, as members of `Database`. */
export interface PromotionTables {
  promotionAdvertisers: PromotionAdvertisersTable;
  promotionAdTypes: PromotionAdTypesTable;
  promotionCampaigns: PromotionCampaignsTable;
  promotionCampaignComments: PromotionCampaignCommentsTable;
  promotions: PromotionsTable;
  promotionMessages: PromotionMessagesTable;
  letterPromotions: LetterPromotionsTable;
}

import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import { api } from '../../app/api';
import { ipc } from '../../app/ipc-base-query';

// The promotions screens' calls (bridge-promotions.ts). Every change refetches what shows
// campaigns and their collateral.

const promotionsBase = api.enhanceEndpoints({ addTagTypes: ['Promotions'] });

export const promotionsApi = promotionsBase.injectEndpoints({
  endpoints: (build) => ({
    listCampaigns: build.query<ChannelOutput<'promotions.campaigns'>, ChannelInput<'promotions.campaigns'>>({
      query: (input) => ipc('promotions.campaigns', input),
      providesTags: ['Promotions'],
    }),
    getCampaign: build.query<ChannelOutput<'promotions.campaign'>, ChannelInput<'promotions.campaign'>>({
      query: (input) => ipc('promotions.campaign', input),
      providesTags: ['Promotions'],
    }),
    createCampaign: build.mutation<ChannelOutput<'promotions.createCampaign'>, ChannelInput<'promotions.createCampaign'>>({
      query: (input) => ipc('promotions.createCampaign', input),
      invalidatesTags: ['Promotions'],
    }),
    setCampaignStatus: build.mutation<ChannelOutput<'promotions.setCampaignStatus'>, ChannelInput<'promotions.setCampaignStatus'>>({
      query: (input) => ipc('promotions.setCampaignStatus', input),
      invalidatesTags: ['Promotions'],
    }),
    getCampaignComments: build.query<ChannelOutput<'promotions.comments'>, ChannelInput<'promotions.comments'>>({
      query: (input) => ipc('promotions.comments', input),
      providesTags: ['Promotions'],
    }),
    addCampaignComment: build.mutation<ChannelOutput<'promotions.comment'>, ChannelInput<'promotions.comment'>>({
      query: (input) => ipc('promotions.comment', input),
      invalidatesTags: ['Promotions'],
    }),
    cloneCampaign: build.mutation<ChannelOutput<'promotions.cloneCampaign'>, ChannelInput<'promotions.cloneCampaign'>>({
      query: (input) => ipc('promotions.cloneCampaign', input),
      invalidatesTags: ['Promotions'],
    }),
    deleteCampaign: build.mutation<ChannelOutput<'promotions.deleteCampaign'>, ChannelInput<'promotions.deleteCampaign'>>({
      query: (input) => ipc('promotions.deleteCampaign', input),
      invalidatesTags: ['Promotions'],
    }),
    saveCollateral: build.mutation<ChannelOutput<'promotions.saveCollateral'>, ChannelInput<'promotions.saveCollateral'>>({
      query: (input) => ipc('promotions.saveCollateral', input),
      invalidatesTags: ['Promotions'],
    }),
    reviewPromotion: build.mutation<ChannelOutput<'promotions.review'>, ChannelInput<'promotions.review'>>({
      query: (input) => ipc('promotions.review', input),
      invalidatesTags: ['Promotions'],
    }),
    getCampaignMetrics: build.query<ChannelOutput<'promotions.metrics'>, ChannelInput<'promotions.metrics'>>({
      query: (input) => ipc('promotions.metrics', input),
      providesTags: ['Promotions'],
    }),
    getCollateralPreview: build.query<ChannelOutput<'promotions.preview'>, ChannelInput<'promotions.preview'>>({
      query: (input) => ipc('promotions.preview', input),
      providesTags: ['Promotions'],
    }),
    saveAdType: build.mutation<ChannelOutput<'promotions.saveAdType'>, ChannelInput<'promotions.saveAdType'>>({
      query: (input) => ipc('promotions.saveAdType', input),
      invalidatesTags: ['Promotions'],
    }),
    deleteAdType: build.mutation<ChannelOutput<'promotions.deleteAdType'>, ChannelInput<'promotions.deleteAdType'>>({
      query: (input) => ipc('promotions.deleteAdType', input),
      invalidatesTags: ['Promotions'],
    }),
    getAdTypes: build.query<ChannelOutput<'promotions.adTypes'>, ChannelInput<'promotions.adTypes'>>({
      query: (input) => ipc('promotions.adTypes', input),
      providesTags: ['Promotions'],
    }),
    getScheduledPromotions: build.query<ChannelOutput<'promotions.scheduled'>, ChannelInput<'promotions.scheduled'>>({
      query: (input) => ipc('promotions.scheduled', input),
      providesTags: ['Promotions'],
    }),
    /** The scheduled view's count of promotions approved since scheduling; Pause and edit refetches the day's list (tag 'Promotions'). */
    getApprovedSinceScheduled: build.query<ChannelOutput<'promotions.approvedSinceScheduled'>, ChannelInput<'promotions.approvedSinceScheduled'>>({
      query: (input) => ipc('promotions.approvedSinceScheduled', input),
      providesTags: ['Promotions'],
    }),
  }),
});

export const {
  useListCampaignsQuery,
  useGetCampaignQuery,
  useCreateCampaignMutation,
  useSetCampaignStatusMutation,
  useGetCampaignCommentsQuery,
  useAddCampaignCommentMutation,
  useCloneCampaignMutation,
  useDeleteCampaignMutation,
  useSaveCollateralMutation,
  useReviewPromotionMutation,
  useGetCampaignMetricsQuery,
  useGetAdTypesQuery,
  useSaveAdTypeMutation,
  useDeleteAdTypeMutation,
  useGetCollateralPreviewQuery,
  useGetScheduledPromotionsQuery,
  useGetApprovedSinceScheduledQuery,
} = promotionsApi;

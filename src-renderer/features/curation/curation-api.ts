import type { ChannelInput, ChannelOutput } from '../../../shared/contract/bridge';
import type { Aggregate } from '../../../shared/contract/platform-curation';
import { parseSections, serializeSections } from '../../../shared/model/section';
import { insertedCurationSection } from '../../../shared/rules/curation-items';
import { api } from '../../app/api';
import { getBridge } from '../../app/bridge';
import { ipc } from '../../app/ipc-base-query';
import { withFooterLast } from '../../../shared/model/section-order';

// The curation screen's and curation blocks' calls (bridge-curation.ts).

export const curationApi = api.injectEndpoints({
  endpoints: (build) => ({
    curationFeeds: build.query<ChannelOutput<'curation.feeds'>, ChannelInput<'curation.feeds'>>({
      query: (input) => ipc('curation.feeds', input),
      providesTags: ['Feeds'],
    }),
    validateFeed: build.mutation<ChannelOutput<'curation.validateFeed'>, ChannelInput<'curation.validateFeed'>>({
      query: (input) => ipc('curation.validateFeed', input),
    }),
    addFeed: build.mutation<ChannelOutput<'curation.addFeed'>, ChannelInput<'curation.addFeed'>>({
      query: (input) => ipc('curation.addFeed', input),
      invalidatesTags: ['Feeds', 'Curation'],
    }),
    deleteFeed: build.mutation<ChannelOutput<'curation.deleteFeed'>, ChannelInput<'curation.deleteFeed'>>({
      query: (input) => ipc('curation.deleteFeed', input),
      invalidatesTags: ['Feeds'],
    }),
    aggregates: build.query<ChannelOutput<'curation.aggregates'>, ChannelInput<'curation.aggregates'>>({
      query: (input) => ipc('curation.aggregates', input),
      providesTags: ['Curation'],
    }),
    /** A one-off load for a block's Load button (not cached with the screen's pages). */
    loadAggregates: build.mutation<ChannelOutput<'curation.aggregates'>, ChannelInput<'curation.aggregates'>>({
      query: (input) => ipc('curation.aggregates', input),
    }),
    setCurated: build.mutation<ChannelOutput<'curation.setCurated'>, ChannelInput<'curation.setCurated'>>({
      query: (input) => ipc('curation.setCurated', input),
    }),
    curationTags: build.query<ChannelOutput<'curation.tags'>, ChannelInput<'curation.tags'>>({
      query: (input) => ipc('curation.tags', input),
      providesTags: ['CurationTags'],
    }),
    curationCategories: build.query<ChannelOutput<'curation.categories'>, ChannelInput<'curation.categories'>>({
      query: (input) => ipc('curation.categories', input),
    }),
    curationSiteNames: build.query<ChannelOutput<'curation.siteNames'>, ChannelInput<'curation.siteNames'>>({
      query: (input) => ipc('curation.siteNames', input),
      providesTags: ['Curation'],
    }),
    setTags: build.mutation<ChannelOutput<'curation.setTags'>, ChannelInput<'curation.setTags'>>({
      query: (input) => ipc('curation.setTags', input),
      invalidatesTags: ['Curation'],
    }),
    createTag: build.mutation<ChannelOutput<'curation.createTag'>, ChannelInput<'curation.createTag'>>({
      query: (input) => ipc('curation.createTag', input),
      invalidatesTags: ['CurationTags'],
    }),
    curationLetters: build.query<ChannelOutput<'letters.list'>, ChannelInput<'letters.list'>>({
      query: (input) => ipc('letters.list', input),
    }),
  }),
});

export const {
  useCurationFeedsQuery,
  useValidateFeedMutation,
  useAddFeedMutation,
  useDeleteFeedMutation,
  useAggregatesQuery,
  useLoadAggregatesMutation,
  useSetCuratedMutation,
  useCurationTagsQuery,
  useCurationCategoriesQuery,
  useCurationSiteNamesQuery,
  useCurationLettersQuery,
  useSetTagsMutation,
  useCreateTagMutation,
} = curationApi;

/** Appends a curated aggregate to a letter as its own section (spec 3 §4), saved locally like any edit. */
export const curationInsertApi = api.injectEndpoints({
  endpoints: (build) => ({
    insertIntoLetter: build.mutation<{ uniqueId: string }, { brandSlug: string; channelSlug: string; letterUniqueId: string; aggregate: Aggregate; zone: string }>({
      async queryFn({ brandSlug, channelSlug, letterUniqueId, aggregate, zone }) {
        const bridge = getBridge();
        const found = await bridge.invoke('letters.get', { brandSlug, channelSlug, id: letterUniqueId });
        if (!found.ok) return { error: found.error };
        if (!found.data) return { error: { code: 'not_found', message: 'This letter no longer exists.' } };
        const section = insertedCurationSection(aggregate, { uniqueId: crypto.randomUUID(), zone });
        // Before the footer, which stays last.
        const blocks = serializeSections([...withFooterLast([...parseSections(found.data.blocks), section])]);
        const saved = await bridge.invoke('letters.saveLocal', { uniqueId: letterUniqueId, changes: { blocks } });
        return saved.ok ? { data: { uniqueId: letterUniqueId } } : { error: saved.error };
      },
      invalidatesTags: [{ type: 'Letters', id: 'LIST' }, 'Letter'],
    }),
  }),
});

export const { useInsertIntoLetterMutation } = curationInsertApi;

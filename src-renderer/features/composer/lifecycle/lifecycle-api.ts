import type { ChannelOutput } from '../../../../shared/contract/bridge';
import type { AutomationSettings } from '../../../../shared/model/automation';
import type { Letter } from '../../../../shared/model/letter';
import { api } from '../../../app/api';
import { ipc } from '../../../app/ipc-base-query';

// The schedule step's calls on the bridge (spec 1 §4, §7). The lifecycle mutations answer
// the letter as the platform has it; the composer refetches its letter after each.

export const lifecycleApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeStatus: build.mutation<Letter, { uniqueId: string; to: number }>({
      query: (input) => ipc('letters.changeStatus', input),
      invalidatesTags: [{ type: 'Letters', id: 'LIST' }],
    }),
    scheduleLetter: build.mutation<Letter, { uniqueId: string }>({
      query: (input) => ipc('letters.schedule', input),
      invalidatesTags: [{ type: 'Letters', id: 'LIST' }],
    }),
    activateTemplate: build.mutation<Letter, { uniqueId: string; automation: AutomationSettings }>({
      query: (input) => ipc('letters.activateTemplate', input),
      invalidatesTags: (_letter, _error, { uniqueId }) => [{ type: 'Letters', id: 'LIST' }, { type: 'TemplateAutomation', id: uniqueId }],
    }),
    /** The configured view's facts; they change with every welcome sent, so the view polls. */
    templateAutomation: build.query<ChannelOutput<'letters.automationStatus'>, { uniqueId: string }>({
      query: (input) => ipc('letters.automationStatus', input),
      providesTags: (_answer, _error, { uniqueId }) => [{ type: 'TemplateAutomation', id: uniqueId }],
    }),
    /** The Private switch: the platform's answer is the letter, refetched by the composer through its tag. */
    setPrivate: build.mutation<Letter, { uniqueId: string; private: boolean }>({
      query: (input) => ipc('letters.setPrivate', input),
      invalidatesTags: (_letter, _error, { uniqueId }) => [{ type: 'Letters', id: 'LIST' }, { type: 'Letter', id: uniqueId }],
    }),
    listSegments: build.query<ChannelOutput<'segments.list'>, { brandSlug: string; channelSlug: string }>({
      query: (input) => ipc('segments.list', input),
      // Saving a segment on the Segments screen invalidates this tag, so the audience picker lists it at once.
      providesTags: ['AudienceSegment'],
    }),
    validateMergeTag: build.mutation<ChannelOutput<'letters.validateMergeTag'>, { uniqueId: string; mergeTag: string }>({
      query: (input) => ipc('letters.validateMergeTag', input),
    }),
    suggest: build.mutation<ChannelOutput<'letters.suggest'>, { uniqueId: string; field: 'subject' | 'previewText' }>({
      query: (input) => ipc('letters.suggest', input),
    }),
    loadOpenGraph: build.mutation<ChannelOutput<'social.loadOpenGraph'>, { url: string }>({
      query: (input) => ipc('social.loadOpenGraph', input),
    }),
  }),
});

export const {
  useChangeStatusMutation,
  useScheduleLetterMutation,
  useActivateTemplateMutation,
  useTemplateAutomationQuery,
  useSetPrivateMutation,
  useListSegmentsQuery,
  useValidateMergeTagMutation,
  useSuggestMutation,
  useLoadOpenGraphMutation,
} = lifecycleApi;

export { errorMessage } from '../../../app/bridge-errors';

/**
 * Field messages of a failed call (AppError.fields), first message per field, keyed by the
 * whole field path (`blocks.{id}`: a merge tag refused in one block), unlike app/bridge-errors.
 */
export function errorFields(error: unknown): Record<string, string> {
  if (!error || typeof error !== 'object' || !('fields' in error) || !error.fields || typeof error.fields !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(error.fields as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') fields[key] = first;
  }
  return fields;
}

import { z } from 'zod';
import { routeDocs } from '../http/api-docs';
import { notFound } from '../http/errors';

// Path parameters and route docs shared by the promotion route plugins (campaigns,
// collateral, ad types, metrics, promoters), so each names its paths the same way.

const MAX_INT = 2_147_483_647;
export const id = z.coerce.number().int().positive().max(MAX_INT);
const slug = z.string().min(1).max(200);
export const OrgParams = z.object({ org: slug });
export const OrgIdParams = OrgParams.extend({ id });
export const UniqueParams = z.object({ uniqueId: slug });
export const OrgUniqueParams = OrgParams.extend(UniqueParams.shape);
export const UniqueIdParams = UniqueParams.extend({ id });
export const IdParams = z.object({ id });
export const ChannelParams = z.object({ channel: slug });
export const ChannelIdParams = z.object({ channel: slug, id });
export const BrandParams = z.object({ brand: slug });
export const BrandChannelParams = z.object({ brand: slug, channel: slug });
export const BrandChannelIdParams = BrandChannelParams.extend({ id });

/** Path parameters that do not parse name nothing that exists: 404, as a missing row is. */
export function params<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound('Not found.');
  return parsed.data;
}

/** A contract path as Fastify registers it (the contract encodes `:name`). */
export const path = (value: string) => decodeURIComponent(value);

type DocsExtra = Parameters<typeof routeDocs>[0] extends infer D ? Partial<D> : never;
export const docs = (summary: string, p: z.ZodType, extra: DocsExtra = {}) => ({ schema: routeDocs({ summary, params: p, ...extra }) });

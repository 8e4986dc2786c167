// Spec 3 §2 query-string behaviour of list screens: list parameters are written as repeated
// keys with a [] suffix, empty values are dropped, and the address bar can be changed by
// adding parameters, removing them, or overriding them all, without a reload. Sort is one
// field and direction pair (default updatedAt, descending).

export type ListParamValue = string | string[];
export type ListParams = Record<string, ListParamValue>;

export interface ListSort<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** The address bar's parameters: `tags[]=a&tags[]=b` is a list, `q=x` a single value. */
export function parseListParams(search: string): ListParams {
  const params: ListParams = {};
  for (const [rawKey, value] of new URLSearchParams(search)) {
    if (value === '') continue;
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const current = params[key];
      params[key] = Array.isArray(current) ? [...current, value] : [value];
    } else {
      params[rawKey] = value;
    }
  }
  return params;
}

/** `?a=1&tags[]=x&tags[]=y`, keys in the order given, empty values and lists dropped; '' for none. */
export function serializeListParams(params: ListParams): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item !== '') out.append(`${key}[]`, item);
    } else if (value !== '') {
      out.append(key, value);
    }
  }
  const text = out.toString().replace(/%5B%5D=/g, '[]=');
  return text ? `?${text}` : '';
}

export const addListParams = (current: ListParams, added: ListParams): ListParams => ({ ...current, ...added });

export function removeListParams(current: ListParams, keys: readonly string[]): ListParams {
  return Object.fromEntries(Object.entries(current).filter(([key]) => !keys.includes(key)));
}

/** The sort the address bar holds, or the default when it names none or a field not offered. */
export function sortFromParams<F extends string>(params: ListParams, fields: readonly F[], fallback: ListSort<F>): ListSort<F> {
  const field = params.sort;
  const direction = params.direction;
  if (typeof field !== 'string' || !(fields as readonly string[]).includes(field)) return fallback;
  return { field: field as F, direction: direction === 'asc' ? 'asc' : direction === 'desc' ? 'desc' : fallback.direction };
}

/** One value the address bar holds, or `fallback` when it holds none or one not allowed. */
export function valueFromParams<V extends string>(params: ListParams, key: string, allowed: readonly V[], fallback: V): V {
  const value = params[key];
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as V) : fallback;
}

import { z } from 'zod';

// What a number a request carries may be, so that it fits the column it is compared with or
// stored in. PostgreSQL refuses an `integer` (int4) parameter beyond ±2^31 with an error,
// not a false comparison, so an id, status or position outside that range must be refused
// as invalid data (422) before it reaches SQL, never answered 500.

export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;

/** An integer an `integer` column holds. */
export const int4 = () => z.number().int().min(INT4_MIN).max(INT4_MAX);

/** A query string's integer (text coerced) that an `integer` column holds. */
export const queryInt4 = () => z.coerce.number().int().min(INT4_MIN).max(INT4_MAX);

/** A row id: serial ids start at 1. */
export const rowId = () => z.number().int().positive().max(INT4_MAX);

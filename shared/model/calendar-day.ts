import { z } from 'zod';

// A calendar day as the API takes it, 'YYYY-MM-DD'. The pattern alone lets through days that
// do not exist ('2024-13-01', '2024-02-30', '0000-01-01'), which PostgreSQL refuses with an
// error and `new Date` turns into an Invalid Date; a day is checked here before any query.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day that exists, from 0001-01-01 to 9999-12-31 (PostgreSQL has no year 0). */
export function isRealDay(value: string): boolean {
  const parts = DAY.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const length = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
  return day <= length;
}

/** A real day as 'YYYY-MM-DD'; one message whichever way it is wrong. */
export function daySchema(message: string) {
  return z.string().regex(DAY, { message, abort: true }).refine(isRealDay, { message });
}

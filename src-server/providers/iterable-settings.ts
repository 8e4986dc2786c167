import type { PlatformSecret } from '../sending/platform-secret';

// What the Iterable provider needs of the platform: where Iterable is (ITERABLE_API_URL;
// tests point it at the loopback Iterable), the secret the organizations' keys are sealed
// with, and how often and how long a sent letter's events are read.

export interface IterableSettings {
  secret: PlatformSecret;
  /** Default providers/iterable-client.ts DEFAULT_ITERABLE_API_URL. */
  apiUrl?: string | undefined;
  /** The first read of a letter's events, this long after its campaign was created. */
  firstReadAfterSeconds: number;
  /** Then every this many seconds… */
  readEverySeconds: number;
  /** …until this many days after the send: opens and clicks trail off within days. */
  readForDays: number;
}

/** Iterable's export is rate limited (a few calls a minute per project): five types a read, every 15 minutes. */
export const ITERABLE_READ_EVERY_SECONDS = 15 * 60;
export const ITERABLE_READ_FOR_DAYS = 7;

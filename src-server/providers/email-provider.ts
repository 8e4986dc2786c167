import type { Db } from '../db/database';
import type { DeliveryContext, DeliveryOutcome, EditionJob, StartedEdition } from '../delivery/edition-delivery';

// The email service providers behind one interface (issue 32). A letter's `esp` names its
// provider: 0 the platform's own SMTP (smtp-provider.ts), 1 Iterable (iterable-provider.ts).
// What is common to every send stays in delivery/edition-delivery.ts — the claim at the
// publication time, the audience written down, the statuses and the 'started'/'sent'/'failed'
// events — and the provider does the part that differs: getting the emails out, and reading
// back what readers did where the platform cannot see it itself.

/** What one read of a provider's events did. */
export interface ProviderEventsRead {
  /** Events counted this time (each is counted once, however often the provider repeats it). */
  counted: number;
  /** When the next read is due; null when the letter's reads are over. */
  nextReadAt: Date | null;
}

export interface EmailProvider {
  /** The letter's `esp` this provider sends. */
  readonly esp: number;
  /** One run of a claimed edition's send (the letter in publishing or sending). */
  sendEdition(ctx: DeliveryContext, job: EditionJob, started: StartedEdition): Promise<DeliveryOutcome>;
  /**
   * Reads the letter's events (sends, opens, clicks, bounces, unsubscribes) into the
   * platform's metrics. The SMTP provider has none to read: its readers' opens and clicks
   * reach the tracking routes, and bounces the bounce listener.
   */
  readEvents(db: Db, letterId: number): Promise<ProviderEventsRead>;
}

/** The providers a platform sends through besides its SMTP, by esp. */
export type EmailProviders = ReadonlyMap<number, EmailProvider>;

export function emailProviders(list: readonly EmailProvider[]): EmailProviders {
  return new Map(list.map((provider) => [provider.esp, provider]));
}

import type { MachineReason } from '../db/tables/tracking';
import { isMachineAgent } from './open-classification';
import { isScannerAddress } from './scanner-networks';

// Whether a follow of a tracked link is a reader's click or a machine's (decisions.md
// "Metrics count people"). Security gateways and link scanners follow every link of an
// email, most of them as it is delivered, from their own networks, under their own names
// or none. The event is kept either way, marked with the reason; the people figures leave
// it out and the 'all activity' figures count it.

export type { MachineReason };

/**
 * A click this soon after the mail server took the email is a scanner's: gateways follow
 * the links before (or while) they hand the email on, while a reader has to be told of the
 * email, open it and read to a link. Longer than the open's PREFETCH_WINDOW_MS: an image
 * is fetched by the client as it shows the email, a link only by the reader.
 */
export const MACHINE_CLICK_WINDOW_MS = 10_000;

/** Clicks of one reader on this many distinct links of an email within BURST_WINDOW_MS are a scanner's. */
export const BURST_MIN_LINKS = 3;
export const BURST_WINDOW_MS = 2_000;

export interface ClickFacts {
  userAgent: string;
  address?: string | undefined;
  clickedAt: Date;
  /** When the mail server took the reader's email. */
  sentAt: Date | null;
}

/** What is known from the request alone; a burst is judged with the reader's other clicks (burstPositions). */
export function machineReasonOf(click: ClickFacts): MachineReason | null {
  if (click.sentAt !== null && click.clickedAt.getTime() - click.sentAt.getTime() < MACHINE_CLICK_WINDOW_MS) return 'early';
  return senderReasonOf(click);
}

/** The part of machineReasonOf the request's sender decides, before its time is weighed against delivery. */
export function senderReasonOf(click: Pick<ClickFacts, 'userAgent' | 'address'>): 'agent' | 'network' | null {
  if (isMachineAgent(click.userAgent)) return 'agent';
  if (isScannerAddress(click.address)) return 'network';
  return null;
}

/** True when a click and the reader's clicks near it in time (either side) cover enough distinct links to be a burst. */
export function isBurst(position: number, clickedAt: Date, others: ReadonlyArray<{ position: number; clickedAt: Date }>): boolean {
  const positions = new Set([position]);
  for (const other of others) {
    if (Math.abs(other.clickedAt.getTime() - clickedAt.getTime()) < BURST_WINDOW_MS) positions.add(other.position);
  }
  return positions.size >= BURST_MIN_LINKS;
}

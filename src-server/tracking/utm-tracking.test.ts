import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { newSection } from '../../shared/model/section-factory';
import type { Section } from '../../shared/model/section';
import type { ReceivedMail } from '../testing/smtp-fixture';
import { PUBLIC_URL, STORY_URL, TIDES_URL, hrefsOf, linkedSections, pathOf, startTrackingHarness } from './tracking-test-support';
import type { TrackingHarness } from './tracking-test-support';

// UTM parameters on a sent email (spec 1 §5) and the headers every sent email carries:
// a letter with UTM tracking on, sent by the real scheduled send to a real SMTP server.

let h: TrackingHarness;
let ada: string;
let letterId: number;
let mail: ReceivedMail;

const UTMS = [
  { key: 'utm_source', value: 'weekly' },
  { key: 'utm_campaign', value: 'harbour' },
  { key: 'utm_content', value: '{{ email }}' },
];

const TICKETS_URL = 'https://tickets.example.com/e/harbour-fair?utm_source=site';
const emptyDelta = { ops: [{ insert: '\n' }] };

/** The linked sections with an events block before the footer: one event with a ticket link. */
function sectionsWithEvent(): Section[] {
  const events = newSection('evvnt', 'events') as Extract<Section, { type: 'evvnt' }>;
  const event = {
    slug: 'harbour-fair',
    src: '',
    heading: 'Harbour fair',
    date: 'March 3',
    description: 'Boats.',
    price: '1250',
    venue: 'The quay',
    link: TICKETS_URL,
    buttonText: '',
    buttonDelta: emptyDelta,
    headingDelta: emptyDelta,
    dateDelta: emptyDelta,
    descriptionDelta: emptyDelta,
    priceAndVenueDelta: emptyDelta,
  };
  const withEvent = { ...events, blockModel: { ...events.blockModel, hasImage: false, events: [event] } } as Section;
  const sections = linkedSections();
  return [...sections.slice(0, -1), withEvent, sections.at(-1)!];
}

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ada']);
  ada = audience.email('ada');
  const settings = { ...defaultLetterSettings(), utmEnabled: true, utm: UTMS };
  letterId = (await h.sendLetter(audience.segmentId, { settings: JSON.stringify(settings), blocks: JSON.stringify(sectionsWithEvent()) })).id!;
  mail = h.mailTo(ada);
});
afterAll(async () => {
  await h?.close();
});

async function token(): Promise<string> {
  const row = await h.t.db
    .selectFrom('letterRecipients')
    .select('trackingToken')
    .where('letterId', '=', letterId)
    .where('email', '=', ada)
    .executeTakeFirstOrThrow();
  return row.trackingToken;
}

function header(name: string): string | undefined {
  const line = mail.mail.headerLines.find((entry) => entry.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
}

describe('a letter with UTM tracking on', () => {
  it('puts the UTMs, filled for the reader, on the direct links and leaves the platform’s own pages alone', () => {
    const hrefs = hrefsOf(mail);
    const profile = new URL(hrefs.find((href) => href.startsWith('https://example.com/profile'))!);
    expect(profile.searchParams.get('email')).toBe(ada);
    expect(profile.searchParams.get('utm_source')).toBe('weekly');
    expect(profile.searchParams.get('utm_campaign')).toBe('harbour');
    expect(profile.searchParams.get('utm_content')).toBe(ada);
    for (const own of hrefs.filter((href) => href.startsWith(PUBLIC_URL))) expect(own).not.toContain('utm_');
  });

  it('lands a tracked click on the UTM’d address, the link’s own query kept', async () => {
    const tracked = hrefsOf(mail).filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`));
    const locations: string[] = [];
    for (const href of tracked) {
      const response = await h.app.inject({ method: 'GET', url: pathOf(href) });
      expect(response.statusCode).toBe(302);
      locations.push(String(response.headers.location));
    }
    const utm = `utm_source=weekly&utm_campaign=harbour&utm_content=${encodeURIComponent(ada)}`;
    expect(locations).toContain(`${STORY_URL}&${utm}`);
    expect(locations).toContain(`${TIDES_URL}?${utm}`);
    // The event's ticket link keeps newsletter/email whatever the letter's rows say (spec 1 §9).
    const ticket = new URL(locations.find((location) => location.startsWith('https://tickets.example.com/'))!);
    expect(ticket.searchParams.get('utm_source')).toBe('newsletter');
    expect(ticket.searchParams.get('utm_medium')).toBe('email');
    expect(ticket.searchParams.get('utm_campaign')).toBe('harbour');
  });
});

describe('every sent email', () => {
  it('carries List-Unsubscribe signed for this reader and letter, one-click, and the recipient header a bounce quotes back', async () => {
    const own = await token();
    const unsubscribe = hrefsOf(mail).find((href) => href.startsWith(`${PUBLIC_URL}/unsubscribe/weekly/`))!;
    expect(unsubscribe).toMatch(new RegExp(`^${PUBLIC_URL}/unsubscribe/weekly/[0-9a-f-]{36}\\?l=\\d+&s=[A-Za-z0-9_-]{22}$`));
    // The tracking token stays out of it: whoever holds the link cannot record opens and clicks with it.
    expect(unsubscribe).not.toContain(own);
    // The mailto form names the email by its token (bounces/bounce-listener.ts reads it).
    expect(header('List-Unsubscribe')?.replace(/\s+/g, ' ')).toBe(`<${unsubscribe}>, <mailto:unsubscribe-${own}@weekly.example?subject=unsubscribe>`);
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(header('X-Letterdesk-Recipient')).toBe(own);
  });
});

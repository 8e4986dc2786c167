import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { CreateLetterRequest } from '../../shared/contract/platform-api';
import type { SaveOnSchedulingRequest } from '../../shared/contract/platform-letters';
import type { Letter } from '../../shared/model/letter';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { buildApp } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createJobRunner } from '../jobs/job-runner';
import type { JobRunner } from '../jobs/job-runner';
import { insertSubscriber, insertTagSegment } from '../testing/audience-fixtures';
import { paragraph } from '../testing/delivery-fixtures';
import { makeScheduledLettersDue, waitUntilDelivered } from '../testing/due-deliveries';
import { READY_TO_SCHEDULE, channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { ReceivedMail, TestSmtp } from '../testing/smtp-fixture';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { ephemeralPlatformSecret } from '../sending/platform-secret';
import { createSenderDirectory } from '../sending/sender-directory';
import { sendingSettingsOf } from '../sending/sending-settings';

// For the tracking and metrics tests: a real PostgreSQL with the job runner on it, a real
// SMTP server on loopback, and letters with links sent through the real scheduled send
// (as jobs/scheduled-delivery.test.ts does).

export const PUBLIC_URL = 'https://letters.example.com';
/** Where the footer's 'Made with Letterdesk' credit leads: the weekly channel's public archive. */
export const CREDIT_URL = `${PUBLIC_URL}/weekly?brand=demo`;
export const STORY_URL = 'https://example.com/story?issue=7&section=harbour';
export const TIDES_URL = 'https://example.com/tides';
export const PLAIN_TEXT_URL = 'https://example.com/plain-text';

/** A link in the text, the same link again, a second link, a merge-tag link, a bare address and the footer. */
export function linkedSections(): Section[] {
  const linked = (id: string, label: string, link: string): Section => ({
    ...newSection('paragraph', id),
    delta: { ops: [{ insert: label, attributes: { link } }, { insert: '\n' }] },
  });
  return [
    linked('p-story', 'Read the story', STORY_URL),
    paragraph('p-plain', `Or paste ${PLAIN_TEXT_URL} into your browser.`),
    linked('p-tides', 'Tide tables', TIDES_URL),
    linked('p-story-again', 'The story again', STORY_URL),
    linked('p-profile', 'Your profile', 'https://example.com/profile?email={{ email }}'),
    newSection('footer', 'footer'),
  ];
}

export interface TrackingHarness {
  t: TestApp;
  app: FastifyInstance;
  smtp: TestSmtp;
  editor: Headers;
  weekly: { brand: string; channel: string; channelId: number };
  /** Subscribers tagged for one test and a segment of them; `email(name)` is their address. */
  audience(names: string[]): Promise<{ tag: string; segmentId: number; email: (name: string) => string }>;
  /**
   * Schedules a letter for the segment (with these fields; `private` as the editor's choice),
   * makes it due and waits until it has been sent; `abTest` schedules it with the schedule
   * step's A/B subject test.
   */
  sendLetter(segmentId: number, overrides?: Partial<CreateLetterRequest>, abTest?: { subjectB: string }): Promise<Letter>;
  /** A draft letter, never sent. */
  draftLetter(): Promise<Letter>;
  /** The email one address received. */
  mailTo(address: string): ReceivedMail;
  close(): Promise<void>;
}

export interface TrackingHarnessOptions {
  /** Check DNS asks this server (a loopback DNS, `127.0.0.1:{port}`). */
  dnsServer?: string;
  /**
   * The channel's 'View in browser' line (on for real channels). Off unless asked, so the
   * letter's own links are the email's first tracked positions, as the tracking tests count them.
   */
  viewInBrowserLink?: boolean;
  /** Seconds every A/B test waits for its winner (the letter's own wait when unset). */
  abTestWaitSeconds?: number;
}

/** The EHLO name and return-path MX target of the harness's platform. */
export const HARNESS_MAIL_HOSTNAME = 'mail.letterdesk.test';

export async function startTrackingHarness(options: TrackingHarnessOptions = {}): Promise<TrackingHarness> {
  const t = await createTestApp();
  const smtp = await startTestSmtp();
  // One secret and one sender directory for the API and the jobs, as startPlatform makes them.
  const secret = ephemeralPlatformSecret();
  const sending = { mailHostname: HARNESS_MAIL_HOSTNAME, dnsServers: options.dnsServer ? [options.dnsServer] : [] };
  const mailFrom = 'The Weekly <news@weekly.example>';
  const senders = createSenderDirectory(t.db, secret, sendingSettingsOf({ mailFrom, publicUrl: PUBLIC_URL, ...sending }));
  const runner: JobRunner = createJobRunner({
    db: t.db,
    connectionString: t.connectionString,
    smtpUrl: smtp.url,
    secret,
    senders,
    mailHostname: HARNESS_MAIL_HOSTNAME,
    retryDelaySeconds: 0,
    pollingIntervalSeconds: 0.5,
    warn: () => undefined,
    ...(options.abTestWaitSeconds === undefined ? {} : { abTestWaitSeconds: options.abTestWaitSeconds }),
  });
  const app = await buildApp({
    db: t.db,
    publicUrl: PUBLIC_URL,
    smtpUrl: smtp.url,
    mailFrom,
    sending,
    secret,
    senders,
    delivery: { letterScheduled: (id) => runner.letterScheduled(id) },
    dashboardExports: runner,
    promotionExports: runner,
  });
  await runner.start({ publicUrl: PUBLIC_URL });
  const editor = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
  const weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  await t.db.updateTable('channels').set({ viewInBrowserLink: options.viewInBrowserLink ?? false }).where('id', '=', weekly.channelId).execute();
  let audiences = 0;

  const post = async (url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, headers: editor, payload });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Letter>();
  };
  const scheduled = async (segmentId: number, overrides: Partial<CreateLetterRequest>, abTest?: { subjectB: string }) => {
    const draft = await createLetterAs(app, editor, weekly, {
      ...READY_TO_SCHEDULE,
      segmentId,
      blocks: JSON.stringify(linkedSections()),
      ...overrides,
    });
    // `private` given is the editor's choice (the Private switch), which a letter to a segment needs to be public.
    if (overrides.private !== undefined) await post(platformPaths.updatePrivate(weekly.channel, draft.id!), { private: overrides.private });
    const path = platformPaths.updateStatus(weekly.channelId, draft.id!);
    const atSchedule = await post(path, { publicationStatus: 7, currentStatus: 0, uniqueId: draft.uniqueId });
    if (!abTest) return post(path, { publicationStatus: 2, currentStatus: 7, uniqueId: atSchedule.uniqueId });
    // The schedule step's own call, which carries the A/B fields.
    return post(platformPaths.saveOnScheduling(weekly.channelId, draft.id!), {
      claimant: null,
      emailTemplate: '',
      hasAbTest: true,
      subjectB: abTest.subjectB,
      openGraphHeadline: atSchedule.openGraphHeadline,
      openGraphDescription: atSchedule.openGraphDescription,
      openGraphImageUrl: atSchedule.openGraphImageUrl,
      publicationDate: atSchedule.publicationDate,
      publicationDateTzCode: null,
      publicationStatus: 2,
      segmentId,
      subtitle: atSchedule.subtitle,
      title: atSchedule.title,
      uniqueId: atSchedule.uniqueId,
      updatePreviewText: true,
    } satisfies SaveOnSchedulingRequest);
  };

  return {
    t,
    app,
    smtp,
    editor,
    weekly,
    audience: async (names) => {
      const tag = `track${++audiences}`;
      for (const name of names) {
        await insertSubscriber(t.db, { channelId: weekly.channelId, email: `${name}.${tag}@example.com`, tags: [tag] });
      }
      const segmentId = await insertTagSegment(t.db, weekly.channelId, tag);
      return { tag, segmentId, email: (name: string) => `${name}.${tag}@example.com` };
    },
    sendLetter: async (segmentId, overrides = {}, abTest) => {
      const letter = await scheduled(segmentId, overrides, abTest);
      await makeScheduledLettersDue(t.db, [letter.id!]);
      await runner.sweep();
      await waitUntilDelivered(t.db, [letter.id!]);
      return letter;
    },
    draftLetter: async () => createLetterAs(app, editor, weekly, { blocks: JSON.stringify(linkedSections()) }),
    mailTo: (address) => {
      const mail = smtp.received.find((received) => received.envelope.to.includes(address));
      if (!mail) throw new Error(`No email arrived for ${address}`);
      return mail;
    },
    close: async () => {
      await runner.stop();
      await app.close();
      await smtp.close();
      await t.close();
    },
  };
}

/** Every href of the email's HTML, decoded as a mail client reads them. */
export function hrefsOf(mail: ReceivedMail): string[] {
  const html = typeof mail.mail.html === 'string' ? mail.mail.html : '';
  return [...html.matchAll(/<a\s[^>]*?\bhref="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

/** The path of a platform address, for inject(). */
export const pathOf = (url: string) => url.slice(PUBLIC_URL.length);

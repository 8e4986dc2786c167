// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bridge, ChannelName, LetterChanges, Preview } from '../../../../shared/contract/bridge';
import type { Result } from '../../../../shared/contract/errors';
import type { FeatureFlagName } from '../../../../shared/model/feature-flags';
import type { Letter } from '../../../../shared/model/letter';
import { PublicationStatus } from '../../../../shared/model/publication';
import { gmailClipMessage } from '../../../../shared/rules/gmail-clip';
import { createAppStore } from '../../../app/store';
import { letterOpened } from '../../../block-kit/composer-slice';
import { testLetter } from '../../../testing/composer-test-support';
import { ScheduleSidebar } from './ScheduleSidebar';
import { useScheduleForm } from './use-schedule-form';

// The schedule sidebar over the bridge's transport: the fake below stands in for the core
// at the window.bridge boundary, answers what the sidebar asks and records the calls.

type Answer = (input: never) => Result<unknown> | Promise<Result<unknown>>;
let answers: Partial<Record<ChannelName, Answer>>;
let calls: { channel: string; input: unknown }[];
let flags: FeatureFlagName[];

const ok = <T,>(data: T): Result<T> => ({ ok: true, data });
const fail = (message: string): Result<never> => ({ ok: false, error: { code: 'platform_error', message } });

const PREVIEW: Preview = {
  html: '<html><body>Hello</body></html>',
  insights: {
    wordCount: 120,
    readability: { ease: 61.6, time: 1 },
    size: 20,
    weight: 'Good',
    flags: { gmailClipping: false, imagesWithoutAlt: ['a.png', 'b.png'], insecureLinks: [], missingUnsubscribe: true, emptyTextBlocks: 2, emptyImageSlots: [{ uniqueId: 'l-0', block: 'Image in Layout' }] },
  },
  errors: [],
};

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    calls.push({ channel, input });
    if (channel === 'featureFlags.get') return ok(Object.fromEntries(flags.map((flag) => [flag, true]))) as never;
    const answer = answers[channel];
    if (!answer) return fail(`unexpected ${channel}`) as never;
    return (await answer(input as never)) as never;
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  calls = [];
  flags = [];
  answers = {
    'segments.list': () =>
      ok({
        items: [
          { id: 0, name: 'All active subscribers', total: 1200, isEngagementSegment: false, tags: [], channelId: null },
          { id: 7, name: 'Readers in Lyon', total: 1, isEngagementSegment: false, tags: [], channelId: 1 },
        ],
        offline: false,
        fetchedAt: '2026-03-09T19:00:00.000Z',
      }),
    'render.preview': () => ok(PREVIEW),
    // The email as mailed (minified) is smaller than the preview's HTML (20 KB above).
    'render.inboxCompatibility': () => ok({ families: [], mailSize: { size: 12.5, weight: 'Good', gmailClipping: false } }),
  };
});
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
});

// 20:00 UTC on 9 March 2026: already the 10th in Tokyo.
const now = () => new Date('2026-03-09T20:00:00Z');

function Harness({ letter, save, zone }: { letter: Letter; save: (changes: LetterChanges) => void; zone: string }) {
  const [title, setTitle] = useState(letter.title);
  const form = useScheduleForm({ letter, title, zone, save, now });
  return (
    <ScheduleSidebar
      letter={letter}
      revision="r1"
      zone={zone}
      form={form}
      title={title}
      onTitleChange={(value) => {
        setTitle(value);
        save({ title: value });
      }}
      now={now}
    />
  );
}

function renderSidebar(overrides: Partial<Letter> = {}, zone = 'UTC') {
  const letter = testLetter({ title: 'Spring issue', publicationStatus: PublicationStatus.schedule, ...overrides });
  const store = createAppStore();
  store.dispatch(letterOpened({ letterUniqueId: letter.uniqueId, sections: [], settings: letter.settings }));
  const save = vi.fn<(changes: LetterChanges) => void>();
  render(
    <Provider store={store}>
      <MantineProvider env="test">
        <Notifications />
        <Harness letter={letter} save={save} zone={zone} />
      </MantineProvider>
    </Provider>,
  );
  return { save, store, saved: () => Object.assign({}, ...save.mock.calls.map(([changes]) => changes)) as LetterChanges };
}

const section = (name: string) => screen.getByRole('region', { name });
/** A section that starts closed (nothing in it blocks scheduling) is opened by its control. */
async function openSection(name: string) {
  await userEvent.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
  return section(name);
}
const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('Content check', () => {
  it("shows the renderer's figures and flags", async () => {
    renderSidebar();
    const check = await openSection('Content check');
    await waitFor(() => expect(within(check).getByText('~120')).toBeTruthy());
    expect(within(check).getByText('62/100')).toBeTruthy();
    expect(within(check).getByText('1 min')).toBeTruthy();
    expect(within(check).getByText('12.5 KB')).toBeTruthy();
    expect(within(check).getByText('Good')).toBeTruthy();
    expect(within(check).getByText('This letter has no unsubscribe link.')).toBeTruthy();
    expect(within(check).getByText('2 images have no alt text.')).toBeTruthy();
    expect(within(check).getByText('2 text blocks are empty.')).toBeTruthy();
    expect(within(check).getByText('Image in Layout has no picture: it is left out of the email.')).toBeTruthy();
  });

  it('warns before sending that Gmail will clip a letter over 102 KB, naming its size', async () => {
    answers['render.inboxCompatibility'] = () => ok({ families: [], mailSize: { size: 118.4, weight: 'Warning', gmailClipping: true } });
    renderSidebar();
    const check = await openSection('Content check');
    await waitFor(() => expect(within(check).getByText('118.4 KB')).toBeTruthy());
    expect(within(check).getByText(gmailClipMessage(118.4))).toBeTruthy();
    expect(gmailClipMessage(118.4)).toContain("118.4 KB, over Gmail's 102 KB limit");
  });

  it("says 'insights failed to load' and shows N/A when the preview fails", async () => {
    answers['render.preview'] = () => fail('Sorry, we were unable to fetch the letter template');
    // The inbox check renders the same letter, so it fails with it.
    answers['render.inboxCompatibility'] = () => fail('Sorry, we were unable to fetch the letter template');
    renderSidebar();
    await waitFor(() => expect(screen.getByText('insights failed to load')).toBeTruthy());
    expect(within(await openSection('Content check')).getAllByText('N/A')).toHaveLength(4);
  });
});

describe('Sending settings', () => {
  it('marks Audience required and saves the chosen segment, All active subscribers being 0', async () => {
    const { saved } = renderSidebar();
    const audience = screen.getByLabelText(/Audience/, { selector: 'input' });
    expect(audience.closest('.mantine-InputWrapper-root')?.textContent).toContain('*');
    await userEvent.click(audience);
    await userEvent.click(await screen.findByRole('option', { name: /All active subscribers/ }));
    expect(saved()).toMatchObject({ segmentId: 0, segmentName: 'All active subscribers' });
    expect((audience as HTMLInputElement).value).toBe('All active subscribers');
  });

  it("offers 'Specific emails' and keeps the typed addresses, valid and de-duplicated, in the letter's settings", async () => {
    const { saved, store } = renderSidebar();
    await userEvent.click(screen.getByLabelText(/Audience/, { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: /Specific emails/ }));
    expect(saved()).toMatchObject({ segmentId: 99991, segmentName: 'Specific emails' });
    await userEvent.type(screen.getByRole('textbox', { name: /Email addresses/ }), 'Ada@example.com, grace@example.com ada@example.com nope');
    expect(screen.getByTestId('specific-emails-count').textContent).toBe('2 addresses (1 repeated left out)');
    expect(screen.getByText(/Not email addresses \(left out\): nope/)).toBeTruthy();
    await waitFor(() => expect(store.getState().composer.settings.specificEmails).toEqual(['ada@example.com', 'grace@example.com']));
  });

  it('asks for an audience once the field was left empty', async () => {
    renderSidebar();
    const audience = screen.getByLabelText(/Audience/, { selector: 'input' });
    expect(screen.queryByText('Choose an audience.')).toBeNull();
    await userEvent.click(audience);
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.getByText('Choose an audience.')).toBeTruthy());
  });

  it("refuses a day before today on the channel's clock and saves a valid date with the zone", async () => {
    const { save, saved } = renderSidebar({}, 'Asia/Tokyo');
    const date = field(/Date and time/);
    expect(date.closest('.mantine-InputWrapper-root')?.textContent).toContain('Asia/Tokyo');
    // Still the 9th in UTC, but Tokyo is on the 10th already.
    await userEvent.type(date, '2026-03-09 23:00');
    await userEvent.tab();
    expect(screen.getByText('Choose a date from today on.')).toBeTruthy();
    expect(save.mock.calls.some(([changes]) => 'publicationDate' in changes)).toBe(false);

    await userEvent.clear(date);
    await userEvent.type(date, '2026-03-10 09:30');
    expect(screen.queryByText('Choose a date from today on.')).toBeNull();
    expect(saved()).toMatchObject({ publicationDate: '2026-03-10 09:30:00', publicationDateTzCode: 'Asia/Tokyo' });
  });

  it('shows the format when the text is not a date', async () => {
    renderSidebar();
    await userEvent.type(field(/Date and time/), '10/03/2026');
    expect(screen.getByText('Use the format YYYY-MM-DD HH:mm, as in 2030-01-31 09:00.')).toBeTruthy();
  });
});

describe('UTM tracking', () => {
  const tag = '{{ first_name }}';

  it('is absent without its flag', async () => {
    renderSidebar();
    await waitFor(() => expect(calls.some((c) => c.channel === 'featureFlags.get')).toBe(true));
    expect(screen.queryByRole('switch', { name: 'UTM tracking' })).toBeNull();
  });

  it('checks rows on blur, then 300 ms after typing, and saves them once the platform accepts every value', async () => {
    flags = ['utmTracking'];
    answers['letters.validateMergeTag'] = ({ mergeTag }: { mergeTag: string }) =>
      ok(mergeTag.includes('nickname') ? { valid: false, message: "Unknown merge tag name 'nickname'." } : { valid: true, message: 'Valid merge tag.' });
    const { store } = renderSidebar();
    await userEvent.click(await screen.findByRole('switch', { name: 'UTM tracking' }));
    expect(store.getState().composer.settings.utmEnabled).toBe(true);

    const key = field('UTM key 1');
    await userEvent.type(key, 'utm source');
    expect(screen.queryByText('A key may not contain spaces.')).toBeNull();
    await userEvent.tab();
    expect(screen.getByText('A key may not contain spaces.')).toBeTruthy();

    // Touched: typing is checked again after a 300 ms pause, not at once.
    await userEvent.clear(key);
    await userEvent.type(key, 'utm_source');
    expect(screen.getByText('A key may not contain spaces.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('A key may not contain spaces.')).toBeNull());

    const value = field('UTM value 1');
    await userEvent.type(value, '{{{{ nickname }}');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByText("Unknown merge tag name 'nickname'.")).toBeTruthy());
    expect(store.getState().composer.settings.utm).toEqual([]);

    await userEvent.clear(value);
    await userEvent.type(value, `  {{{{ first_name }}  `);
    await userEvent.tab();
    await waitFor(() => expect(store.getState().composer.settings.utm).toEqual([{ key: 'utm_source', value: tag }]));
    expect(calls.filter((c) => c.channel === 'letters.validateMergeTag').map((c) => (c.input as { mergeTag: string }).mergeTag)).toEqual([
      '{{ nickname }}',
      tag,
    ]);
  });

  it('adds and removes rows, marking a repeated key', async () => {
    flags = ['utmTracking'];
    answers['letters.validateMergeTag'] = () => ok({ valid: true, message: 'Valid merge tag.' });
    const { store } = renderSidebar({ settings: { ...testLetter().settings, utmEnabled: true, utm: [{ key: 'utm_source', value: tag }] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Add UTM parameter' }));
    await userEvent.type(field('UTM key 2'), 'utm_source');
    await userEvent.tab();
    expect(screen.getByText('This key is already used.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove UTM parameter 2' }));
    expect(screen.queryByRole('textbox', { name: 'UTM key 2' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove UTM parameter 1' }));
    await waitFor(() => expect(store.getState().composer.settings.utm).toEqual([]));
    // One empty row stays to type in.
    expect(field('UTM key 1').value).toBe('');
  });

  it('saves a plain value without asking the platform, and asks about each tag of a mixed one (issue 37)', async () => {
    flags = ['utmTracking'];
    answers['letters.validateMergeTag'] = ({ mergeTag }: { mergeTag: string }) =>
      ok(mergeTag.includes('frist') ? { valid: false, message: "Unknown merge tag name 'frist_name'." } : { valid: true, message: 'Valid merge tag.' });
    const { store } = renderSidebar({ settings: { ...testLetter().settings, utmEnabled: true } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'UTM key 1' }), 'utm_source');
    await userEvent.type(field('UTM value 1'), 'newsletter');
    await userEvent.tab();
    await waitFor(() => expect(store.getState().composer.settings.utm).toEqual([{ key: 'utm_source', value: 'newsletter' }]));
    expect(calls.some((c) => c.channel === 'letters.validateMergeTag')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Add UTM parameter' }));
    await userEvent.type(field('UTM key 2'), 'utm_campaign');
    await userEvent.type(field('UTM value 2'), 'news-{{{{ frist_name }}');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByText("{{ frist_name }}: Unknown merge tag name 'frist_name'.")).toBeTruthy());
    // Nothing typed on the way ('news-') was saved: the letter keeps its last valid rows.
    expect(store.getState().composer.settings.utm).toEqual([{ key: 'utm_source', value: 'newsletter' }]);
    await userEvent.clear(field('UTM value 2'));
    await userEvent.type(field('UTM value 2'), 'news-{{{{ first_name }}');
    await userEvent.tab();
    await waitFor(() =>
      expect(store.getState().composer.settings.utm).toEqual([
        { key: 'utm_source', value: 'newsletter' },
        { key: 'utm_campaign', value: `news-${tag}` },
      ]),
    );
    expect(calls.filter((c) => c.channel === 'letters.validateMergeTag').map((c) => (c.input as { mergeTag: string }).mergeTag)).toEqual(['{{ frist_name }}', tag]);
  });

  it("shows 'Validation failed' when the platform cannot be asked", async () => {
    flags = ['utmTracking'];
    answers['letters.validateMergeTag'] = () => ({ ok: false, error: { code: 'offline', message: 'Checking a merge tag needs a connection to the platform.' } });
    renderSidebar({ settings: { ...testLetter().settings, utmEnabled: true } });
    await userEvent.type(await screen.findByRole('textbox', { name: 'UTM key 1' }), 'utm_source');
    await userEvent.type(field('UTM value 1'), '{{{{ first_name }}');
    await userEvent.tab();
    await waitFor(() => expect(screen.getByText('Validation failed')).toBeTruthy());
  });
});

describe('Inbox preview', () => {
  it('replaces Subject with Subject A and Subject B, refusing equal subjects', async () => {
    const { saved } = renderSidebar();
    expect(field(/^Subject/).value).toBe('Spring issue');
    await userEvent.click(screen.getByRole('switch', { name: 'A/B test' }));
    expect(saved()).toMatchObject({ hasAbTest: true });
    expect(field(/Subject A/).value).toBe('Spring issue');
    const b = field(/Subject B/);
    await userEvent.type(b, ' Spring issue ');
    expect(screen.getByText('Subject A and subject B must be different.')).toBeTruthy();
    await userEvent.type(b, '!');
    expect(screen.queryByText('Subject A and subject B must be different.')).toBeNull();
    expect(saved()).toMatchObject({ subjectB: ' Spring issue !' });
  });

  it('asks for subject B once it was left empty', async () => {
    renderSidebar({ hasAbTest: true });
    await userEvent.click(field(/Subject B/));
    await userEvent.tab();
    expect(screen.getByText('Subject B is required for an A/B test.')).toBeTruthy();
  });

  it('counts the preview text neutrally within 150 and shows the spec\'s hint as the error past it', async () => {
    const { saved } = renderSidebar({ subtitle: '' });
    const count = screen.getByText('0/150 characters');
    expect(count.className).not.toContain('error');
    expect(screen.queryByText(/may not be greater than/)).toBeNull();
    const preview = field(/Preview text/);
    await userEvent.type(preview, 'Short and sweet');
    expect(screen.getByText('15/150 characters').className).not.toContain('error');
    expect(preview.getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByText(/may not be greater than/)).toBeNull();
    await userEvent.clear(preview);
    await userEvent.click(preview);
    await userEvent.paste('x'.repeat(151));
    const error = screen.getByText('The Preview text may not be greater than 150 characters. (151/ 150)');
    expect(error.className).toContain('error');
    expect(screen.queryByText('151/150 characters')).toBeNull();
    expect(saved()).toMatchObject({ subtitle: 'x'.repeat(151) });
  });

  it('offers AI generation only with the subject generator flag, labelling content-derived suggestions', async () => {
    renderSidebar();
    await waitFor(() => expect(calls.some((c) => c.channel === 'featureFlags.get')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Generate subject' })).toBeNull();
    cleanup();

    flags = ['subjectGenerator'];
    answers['letters.suggest'] = () => ok({ items: ['Spring is here', 'Our spring picks'], source: 'content' });
    const { saved } = renderSidebar();
    await userEvent.click(await screen.findByRole('button', { name: 'Generate subject' }));
    expect(await screen.findByText("From your letter's text (AI unavailable)")).toBeTruthy();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Our spring picks' }));
    expect(field(/^Subject/).value).toBe('Our spring picks');
    expect(saved()).toMatchObject({ title: 'Our spring picks' });
  });
});

describe('Social card', () => {
  // The pages loaded are the platform's own (spec 1 §5): here the platform is at example.com.
  beforeEach(() => {
    answers['app.session'] = () => ok({ mode: 'remote', platformUrl: 'https://example.com', signedIn: true, user: null, organizations: [] });
  });

  it('requires a headline and a description once left, and counts the headline against 80', async () => {
    renderSidebar();
    const headline = field(/Headline/);
    await userEvent.click(headline);
    await userEvent.tab();
    expect(screen.getByText('The social card headline is required.')).toBeTruthy();
    await userEvent.click(headline);
    await userEvent.paste('h'.repeat(81));
    expect(screen.getByText('The headline may not be greater than 80 characters.')).toBeTruthy();
    await userEvent.click(field(/Description/));
    await userEvent.tab();
    expect(screen.getByText('The social card description is required.')).toBeTruthy();
  });

  it("fills the card from a page's Open Graph data", async () => {
    answers['social.loadOpenGraph'] = () => ok({ title: 'Spring at the market', description: 'What is fresh this week', image: 'https://example.com/og.png' });
    const { saved } = renderSidebar();
    await userEvent.type(field('Load from a page'), 'https://example.com/spring');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(field(/Headline/).value).toBe('Spring at the market'));
    expect(field(/Description/).value).toBe('What is fresh this week');
    expect(saved()).toMatchObject({
      openGraphHeadline: 'Spring at the market',
      openGraphDescription: 'What is fresh this week',
      openGraphImageUrl: 'https://example.com/og.png',
    });
    expect(calls.find((c) => c.channel === 'social.loadOpenGraph')?.input).toEqual({ url: 'https://example.com/spring' });
  });

  it('warns when the page has no content, and changes nothing', async () => {
    answers['social.loadOpenGraph'] = () => ok({ title: '', description: '  ', image: '' });
    const { save } = renderSidebar({ openGraphHeadline: 'Kept' });
    await userEvent.type(field('Load from a page'), 'https://example.com/empty');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.getByText('This link returned no content: it has no title or description to use.')).toBeTruthy());
    expect(field(/Headline/).value).toBe('Kept');
    expect(save).not.toHaveBeenCalled();
  });

  it("says 'unable to load content from URL' when loading fails", async () => {
    answers['social.loadOpenGraph'] = () => fail('unable to load content from URL');
    renderSidebar();
    await userEvent.type(field('Load from a page'), 'https://example.com/gone');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(screen.getByText('unable to load content from URL')).toBeTruthy());
  });

  it("refuses a page off the platform's host with the spec's words, and asks nothing", async () => {
    answers['social.loadOpenGraph'] = () => ok({ title: 'Elsewhere', description: 'Not ours', image: '' });
    renderSidebar();
    await waitFor(() => expect(calls.some((c) => c.channel === 'app.session')).toBe(true));
    await userEvent.type(field('Load from a page'), 'https://elsewhere.example/page');
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByText('An open-graph URL must start with https://example.com')).toBeTruthy();
    expect(calls.filter((c) => c.channel === 'social.loadOpenGraph')).toEqual([]);
    expect(field(/Headline/).value).toBe('');
  });
});

describe('Sections and what blocks scheduling (issue 37)', () => {
  const control = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
  const checklist = () => screen.getByRole('region', { name: 'Before you can schedule' });
  const complete: Partial<Letter> = {
    segmentId: 0,
    segmentName: 'All active subscribers',
    publicationDate: '2026-03-10 09:00:00',
    subtitle: 'What is fresh this week',
    openGraphHeadline: 'Harbour news',
    openGraphDescription: 'Our weekly letter from the harbour.',
  };

  it('lists what blocks, in sentence-case sections that start open where something is missing', async () => {
    renderSidebar();
    const items = within(checklist())
      .getAllByRole('button')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Audience: Choose an audience.',
      'Date and time: Choose a date and time.',
      'Preview text: The preview text is required.',
      'Headline: The social card headline is required.',
      'Description: The social card description is required.',
    ]);
    for (const name of ['Sending settings', 'Inbox preview', 'Social card']) expect(control(name).getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Content check', 'Privacy', 'Promotions']) expect(control(name).getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(control('Content check').textContent).toContain('~120 words · 12.5 KB (Good)'));
    expect(control('Privacy').textContent).toContain('Public on the web archive');
    expect(screen.queryByText(/^(CONTENT CHECK|SENDING SETTINGS|INBOX PREVIEW|SOCIAL CARD|PROMOTIONS)$/)).toBeNull();
    expect(screen.queryByText('Ready to schedule')).toBeNull();
  });

  it('summarises a closed section, and a checklist item opens it and focuses the field', async () => {
    renderSidebar();
    await userEvent.click(control('Sending settings'));
    expect(control('Sending settings').getAttribute('aria-expanded')).toBe('false');
    expect(control('Sending settings').textContent).toContain('No audience · No date');

    await userEvent.click(within(checklist()).getByRole('button', { name: 'Audience: Choose an audience.' }));
    expect(control('Sending settings').getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Audience/, { selector: 'input' })));
  });

  it('marks a section whose field shows an error, and drops an item once its field is filled', async () => {
    renderSidebar();
    expect(control('Inbox preview').textContent).not.toContain('a field needs attention');
    const preview = screen.getByRole('textbox', { name: /Preview text/ });
    await userEvent.click(preview);
    await userEvent.tab();
    await waitFor(() => expect(control('Inbox preview').textContent).toContain('a field needs attention'));

    await userEvent.type(preview, 'Fresh this week');
    expect(within(checklist()).queryByRole('button', { name: /^Preview text/ })).toBeNull();
    expect(control('Inbox preview').textContent).not.toContain('a field needs attention');
    expect(within(checklist()).getAllByRole('button')).toHaveLength(4);
  });

  it("says 'Ready to schedule' when nothing blocks, every section closed with its summary", async () => {
    renderSidebar(complete, 'America/New_York');
    expect(screen.getByText('Ready to schedule')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Before you can schedule' })).toBeNull();
    for (const name of ['Content check', 'Sending settings', 'Privacy', 'Inbox preview', 'Social card', 'Promotions']) {
      expect(control(name).getAttribute('aria-expanded')).toBe('false');
    }
    expect(control('Sending settings').textContent).toContain('All active subscribers · Mar 10, 2026 at 9:00 am EDT');
    expect(control('Inbox preview').textContent).toContain('Subject: Spring issue');
    expect(control('Social card').textContent).toContain('Headline: Harbour news');
    expect(control('Promotions').textContent).toContain('Every ad of the send day');
    // Opening a section is the editor's choice: its summary gives way to its fields.
    await userEvent.click(control('Social card'));
    expect(control('Social card').textContent).not.toContain('Headline: Harbour news');
    expect((screen.getByRole('textbox', { name: /Headline/ }) as HTMLInputElement).value).toBe('Harbour news');
  });
});

import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src-main/core/platform/platform-client';
import { scheduledToastMessage } from '../../shared/rules/schedule-dates';
import { useAppInBrowser } from './support/app-in-browser';

// The letter's way out (spec 1 §4): from draft to the schedule step, the required fields,
// scheduling, the scheduled view and its toast, Pause and edit back to an editable draft;
// an A/B test with equal subjects is refused, one with its sample and wait is scheduled;
// leaving the schedule step asks first.

dayjs.extend(utc);
dayjs.extend(timezone);

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '200' });
// The demo channel 'weekly' sends on New York's clock.
const ZONE = 'America/New_York';

async function platformLetter(id: number) {
  let token: string | null = null;
  const client = createPlatformClient(app.host.platformUrl, () => token);
  token = (await client.login({ email: 'editor@example.com', password: 'letterdesk' })).token;
  return client.getLetter('demo', 'weekly', id);
}

const button = (name: string) => app.page.getByRole('button', { name, exact: true });
const sidebar = () => app.page.getByLabel('Schedule settings');
const textbox = (name: string) => sidebar().getByRole('textbox', { name, exact: true });

async function newLetterAtScheduleStep(): Promise<number> {
  await app.page.goto(app.host.appUrl);
  await app.page.getByRole('button', { name: 'New letter' }).click();
  await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
  const id = Number(app.page.url().split('/').pop());
  await expect.poll(() => button('Preview and schedule').isEnabled(), { timeout: 15_000 }).toBe(true);
  await button('Preview and schedule').click();
  await expect.poll(() => button('Schedule').count(), { timeout: 20_000 }).toBe(1);
  return id;
}

describe('scheduling a letter', () => {
  it('goes from draft to scheduled and back to an editable draft', async () => {
    const id = await newLetterAtScheduleStep();
    // The step shows the email with the device toggle, not the canvas.
    await expect.poll(() => app.page.getByTitle('Email preview').count(), { timeout: 15_000 }).toBe(1);
    expect(await app.page.getByRole('region', { name: 'Canvas' }).count()).toBe(0);
    expect(await app.page.getByRole('radiogroup', { name: 'Preview device' }).count()).toBe(1);
    expect((await platformLetter(id))?.publicationStatus).toBe(7);
    // The content check's inboxes, from the core's caniemail check: a new letter (its footer) shows as designed everywhere.
    await expect.poll(() => sidebar().getByText(/^Shows as designed in Gmail, Apple Mail, Outlook for Windows/).count(), { timeout: 20_000 }).toBe(1);

    await expect.poll(() => app.page.getByText('Please fill out the required fields to save and schedule.').count()).toBe(1);
    expect(await button('Schedule').isDisabled()).toBe(true);

    await sidebar().getByLabel('Audience', { exact: false }).first().click();
    await app.page.getByRole('option', { name: /All active subscribers/ }).click();
    const sendAt = dayjs().tz(ZONE).add(2, 'day').format('YYYY-MM-DD [09:30]');
    await textbox('Date and time').fill(sendAt);
    await textbox('Subject').fill('Spring at the market');
    await textbox('Preview text').fill('What is fresh this week, and who grows it');
    await textbox('Headline').fill('Spring at the market');
    await textbox('Description').fill('Our weekly letter from the market hall.');

    await expect.poll(() => button('Schedule').isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await app.page.getByText('Please fill out the required fields to save and schedule.').count()).toBe(0);
    await button('Schedule').click();

    await expect.poll(() => app.page.getByRole('heading', { name: 'Great job' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => app.page.getByText(scheduledToastMessage(`${sendAt}:00`, ZONE)).count()).toBe(1);
    const sendDate = app.page.getByRole('textbox', { name: 'Send date' });
    expect(await sendDate.inputValue()).toMatch(new RegExp(`^${dayjs(sendAt).format('MMM DD, YYYY')} at 9:30 am E[SD]T$`));
    expect(await app.page.getByRole('textbox', { name: 'Subject', exact: true }).getAttribute('readonly')).not.toBeNull();
    expect(await app.page.getByRole('textbox', { name: 'Title' }).getAttribute('readonly')).not.toBeNull();
    const scheduled = await platformLetter(id);
    expect(scheduled).toMatchObject({
      publicationStatus: 2,
      title: 'Spring at the market',
      subtitle: 'What is fresh this week, and who grows it',
      segmentId: 0,
      publicationDate: `${sendAt}:00`,
      openGraphHeadline: 'Spring at the market',
    });
    expect(await button('Schedule').count()).toBe(0);

    await button('Pause and edit').click();
    const confirm = app.page.getByRole('dialog', { name: 'Pause and edit this newsletter?' });
    await confirm.getByRole('button', { name: 'Pause and edit' }).click();
    await expect.poll(() => button('Preview and schedule').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await platformLetter(id))?.publicationStatus).toBe(0);
    // Editable again: the canvas and its palette are back and the title can be typed in.
    await expect.poll(() => app.page.getByRole('region', { name: 'Canvas' }).count()).toBe(1);
    expect(await app.page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('button', { name: 'Heading', exact: true }).isEnabled()).toBe(true);
    expect(await app.page.getByRole('textbox', { name: 'Title' }).getAttribute('readonly')).toBeNull();
  });

  it('refuses an A/B test whose subjects are the same', async () => {
    await newLetterAtScheduleStep();
    await textbox('Subject').fill('Same subject');
    // The switch's label sits under the page header here: keyboard, as many editors would.
    await sidebar().getByRole('switch', { name: 'A/B test' }).focus();
    await app.page.keyboard.press('Space');
    await textbox('Subject B').fill('  Same subject ');
    // Under the field, and in the list of what blocks scheduling at the top of the step.
    await expect.poll(() => sidebar().getByText('Subject A and subject B must be different.', { exact: true }).count()).toBe(1);
    expect(await button('Subject B: Subject A and subject B must be different.').count()).toBe(1);
    expect(await button('Schedule').isDisabled()).toBe(true);
    expect(await button('Save as draft').isDisabled()).toBe(true);
    await textbox('Subject B').fill('Another subject');
    await expect.poll(() => sidebar().getByText('Subject A and subject B must be different.').count()).toBe(0);
    await expect.poll(() => button('Save as draft').isEnabled()).toBe(true);
  });

  it('schedules an A/B test with the sample and wait set in its card', async () => {
    const id = await newLetterAtScheduleStep();
    await sidebar().getByLabel('Audience', { exact: false }).first().click();
    await app.page.getByRole('option', { name: /All active subscribers/ }).click();
    const sendAt = dayjs().tz(ZONE).add(2, 'day').format('YYYY-MM-DD [10:00]');
    await textbox('Date and time').fill(sendAt);
    await textbox('Subject').fill('Spring at the market');
    await sidebar().getByRole('switch', { name: 'A/B test' }).focus();
    await app.page.keyboard.press('Space');
    await textbox('Subject B').fill('What grows in April');
    await textbox('Preview text').fill('What is fresh this week, and who grows it');
    await textbox('Headline').fill('Spring at the market');
    await textbox('Description').fill('Our weekly letter from the market hall.');
    // The defaults first: 10 % per subject, the winner after 4 hours.
    expect(await textbox('Sample per subject').inputValue()).toBe('10%');
    const wait = sidebar().getByLabel('Pick the winner after', { exact: true });
    expect(await wait.inputValue()).toBe('4 hours');
    await textbox('Sample per subject').fill('60');
    await expect.poll(() => sidebar().getByText('The sample must be a whole percentage between 1 and 50.').count()).toBe(1);
    await textbox('Sample per subject').fill('20');
    await expect.poll(() => sidebar().getByText('The sample must be a whole percentage between 1 and 50.').count()).toBe(0);
    await wait.click();
    await app.page.getByRole('option', { name: '1 hour', exact: true }).click();

    await expect.poll(() => button('Schedule').isEnabled(), { timeout: 10_000 }).toBe(true);
    await button('Schedule').click();
    await expect.poll(() => app.page.getByRole('heading', { name: 'Great job' }).count(), { timeout: 20_000 }).toBe(1);
    const scheduled = await platformLetter(id);
    expect(scheduled).toMatchObject({ publicationStatus: 2, hasAbTest: true, subjectB: 'What grows in April' });
    expect(scheduled?.settings.abTest).toEqual({ samplePercent: 20, waitMinutes: 60 });
  });

  it('warns before leaving the schedule step', async () => {
    const id = await newLetterAtScheduleStep();
    await app.page.getByRole('link', { name: 'Newsletters' }).first().click();
    const warning = app.page.getByRole('dialog', { name: 'Newsletter not scheduled' });
    await expect.poll(() => warning.count()).toBe(1);
    expect(await warning.textContent()).toContain('If you leave now, your newsletter will not be sent to your audience. Are you sure you want to leave?');

    await warning.getByRole('button', { name: 'Preview and schedule' }).click();
    await expect.poll(() => warning.count()).toBe(0);
    expect(app.page.url()).toMatch(new RegExp(`/newsletters/${id}$`));
    expect(await button('Schedule').count()).toBe(1);

    await app.page.getByRole('link', { name: 'Newsletters' }).first().click();
    await warning.getByRole('button', { name: 'Leave anyway' }).click();
    await expect.poll(() => app.page.url()).toMatch(/\/newsletters$/);
  });
});

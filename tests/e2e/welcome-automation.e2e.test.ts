import { describe, expect, it } from 'vitest';
import { newslettersPath } from '../../shared/app-paths';
import { platformPaths } from '../../shared/contract/platform-api';
import { LocalMailboxResponseSchema } from '../../shared/contract/platform-delivery';
import { PublicationStatus } from '../../shared/model/publication';
import { useAppInBrowser } from './support/app-in-browser';
import { expectAccessible } from './support/axe';
import { signIn } from './support/platform-session';

// Issue 32's "done when", end to end: a template configured as a welcome ('When someone
// subscribes', no delay) and activated in the app; a subscriber added on the Subscribers
// screen gets it, read in the local mailbox (the platform here has no mail server, so it
// keeps what it sends); the template's view then says '1 sent'.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '300' });
const TITLE = 'Welcome to the Weekly';
const READER = 'wren@welcome.test';

const button = (name: string) => app.page.getByRole('button', { name, exact: true });
const sidebar = () => app.page.getByLabel('Schedule settings');

async function keptFor(address: string) {
  const { token } = await signIn(app.host.platformUrl);
  const response = await fetch(`${app.host.platformUrl}${platformPaths.localMailbox()}`, { headers: { authorization: `Bearer ${token}` } });
  return LocalMailboxResponseSchema.parse(await response.json()).items.filter((item) => item.to === address);
}

async function platformTemplate(id: number) {
  const { client } = await signIn(app.host.platformUrl);
  return client.getLetter('demo', 'weekly', id);
}

describe('a welcome template', () => {
  it('is configured and activated in the app, reaches a subscriber added on the Subscribers screen, and counts "1 sent"', async () => {
    // A new template, titled (its title is the email's subject).
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    await app.page.getByRole('tab', { name: 'Templates' }).click();
    await button('New template').click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    const templateUrl = app.page.url();
    const id = Number(templateUrl.split('/').pop());
    const title = app.page.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => title.inputValue(), { timeout: 15_000 }).toMatch(/^Draft \d+$/);
    await title.fill(TITLE);

    // The configure step: the Trigger instead of sending settings.
    await expect.poll(() => button('Preview and schedule').isEnabled(), { timeout: 15_000 }).toBe(true);
    await button('Preview and schedule').click();
    await expect.poll(() => button('Activate template').count(), { timeout: 20_000 }).toBe(1);
    // A new template's trigger is complete (a welcome sent at once): its section starts
    // closed, summarised in one line, and opens to change it.
    const triggerControl = sidebar().getByRole('button', { name: /^Trigger/ });
    expect(await triggerControl.getAttribute('aria-expanded')).toBe('false');
    expect(await triggerControl.textContent()).toContain('When someone subscribes · at once');
    await triggerControl.click();
    const trigger = sidebar().getByRole('region', { name: 'Trigger', exact: true });
    // The schedule's controls (weekday chips, frequency) pass axe too; then back to a welcome.
    await trigger.getByRole('radio', { name: 'On a schedule' }).check();
    await expect.poll(() => trigger.getByRole('group', { name: 'Days of the week' }).count()).toBe(1);
    await expectAccessible(app.page, 'Template configure step, on a schedule');
    await trigger.getByRole('radio', { name: 'When someone subscribes' }).check();
    await expectAccessible(app.page, 'Template configure step, a welcome');
    await expect.poll(() => trigger.getByRole('textbox', { name: /Delay/ }).inputValue()).toBe('0');
    expect(await sidebar().getByRole('textbox', { name: 'Date and time' }).count()).toBe(0);
    await sidebar().getByRole('textbox', { name: 'Preview text', exact: true }).fill('Glad you are here: what the Weekly brings you');

    await button('Activate template').click();
    await expect.poll(() => app.page.getByRole('heading', { name: 'Great job' }).count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => app.page.getByText('Waits for new subscribers').count(), { timeout: 15_000 }).toBe(1);
    expect(await app.page.getByText('Each one gets it at once.').count()).toBe(1);
    expect(await app.page.getByText('0 sent', { exact: true }).count()).toBe(1);
    await expectAccessible(app.page, 'Active template');
    const activated = await platformTemplate(id);
    expect(activated?.publicationStatus).toBe(PublicationStatus.templateConfigured);
    expect(activated?.automation).toEqual({ trigger: 'newSubscriber', delay: { amount: 0, unit: 'minutes' } });
    expect(await keptFor(READER)).toEqual([]);

    // A reader joins on the Subscribers screen.
    await app.page.getByRole('navigation').getByRole('link', { name: 'Subscribers' }).first().click();
    await expect.poll(() => app.page.getByRole('table', { name: 'Subscribers' }).count(), { timeout: 15_000 }).toBe(1);
    await button('Add subscriber').click();
    const add = app.page.getByRole('dialog', { name: 'Add a subscriber' });
    await add.getByLabel('Email').fill(READER);
    await add.getByLabel('First name').fill('Wren');
    await add.getByRole('button', { name: 'Add subscriber' }).click();
    await expect.poll(() => add.count(), { timeout: 15_000 }).toBe(0);

    // The welcome is sent at once; the platform keeps it in its local mailbox.
    await expect.poll(async () => (await keptFor(READER)).length, { timeout: 120_000, interval: 1_000 }).toBe(1);
    expect((await keptFor(READER))[0]!.subject).toBe(TITLE);
    await app.page.goto(`${app.host.appUrl}/local-mailbox`);
    const list = app.page.getByRole('navigation', { name: 'Kept emails' });
    await expect.poll(() => list.getByText(`To ${READER}`, { exact: false }).count(), { timeout: 15_000 }).toBe(1);
    await list.getByText(`To ${READER}`, { exact: false }).click();
    const kept = app.page.getByRole('region', { name: 'Kept email' });
    await expect.poll(() => kept.getByRole('heading', { name: TITLE }).count(), { timeout: 15_000 }).toBe(1);
    expect(await kept.getByText(`To ${READER}`, { exact: true }).count()).toBe(1);

    // The template's view counts it.
    await app.page.goto(templateUrl);
    await expect.poll(() => app.page.getByText('1 sent', { exact: true }).count(), { timeout: 45_000 }).toBe(1);
    expect(await app.page.getByText('Waits for new subscribers').count()).toBe(1);
  }, 300_000);
});

import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { useLoopbackSmtp } from './support/loopback-smtp';

// Send a Test Email from the composer, through the platform, to a real SMTP server on
// loopback: what arrives is what a subscriber would get.

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '500' }));

const PLACEHOLDER = 'Start writing something great...';
const section = (name: string) => app.page.getByRole('group', { name: `${name} section`, exact: true });
const dialog = () => app.page.getByRole('dialog', { name: 'Send a Test Email' });

describe('Send a Test Email', () => {
  it('opens with Control+Shift+E and delivers the letter’s subject and body', async () => {
    await app.page.goto(app.host.appUrl);
    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await app.page.getByRole('textbox', { name: 'Title' }).fill('Harbour news for May');

    const blocks = app.page.getByRole('tabpanel', { name: 'Blocks' });
    await blocks.getByRole('button', { name: 'Heading', exact: true }).click();
    await blocks.getByRole('button', { name: 'Paragraph', exact: true }).click();

    // A new text block is empty: it shows the placeholder, greyed, and holds no text.
    const paragraphText = section('Paragraph').getByRole('textbox', { name: 'Paragraph text' });
    await expect.poll(() => paragraphText.getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');
    expect(await paragraphText.textContent()).toBe('');
    const placeholder = section('Paragraph').getByText(PLACEHOLDER, { exact: true });
    expect(await placeholder.isVisible()).toBe(true);
    expect(Number(await placeholder.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).opacity))).toBeLessThan(1);

    // Clicking an empty block puts the caret at its start: what is typed is all it holds.
    await section('Heading').click();
    const headingText = section('Heading').getByRole('textbox', { name: 'Heading text' });
    await expect.poll(() => headingText.getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');
    await headingText.click();
    await app.page.keyboard.type('Lanterns along the quay tonight');
    await expect.poll(() => headingText.textContent()).toBe('Lanterns along the quay tonight');
    expect(await section('Heading').getByText(PLACEHOLDER).count()).toBe(0);

    // Straight after typing: the send must carry the edits still on their way to the platform.
    await app.page.getByRole('region', { name: 'Canvas' }).focus();
    await app.page.keyboard.press('Control+Shift+E');
    await expect.poll(() => dialog().count()).toBe(1);
    const address = dialog().getByRole('textbox', { name: 'Email address' });
    await expect.poll(() => address.inputValue()).toBe('editor@example.com');

    await address.fill('not an address');
    await dialog().getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => dialog().getByText('Enter a valid email address').count()).toBe(1);

    await address.fill('reader@example.org');
    await dialog().getByRole('button', { name: 'Send test' }).click();
    await expect
      .poll(() => dialog().getByRole('status').textContent(), { timeout: 30_000 })
      .toBe('Test sent. It should arrive in a jiffy.');

    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const [{ envelope, mail }] = smtp.received as [(typeof smtp.received)[number]];
    expect(envelope.to).toEqual(['reader@example.org']);
    expect(mail.subject).toBe('Harbour news for May');
    expect(mail.html || '').toContain('Lanterns along the quay tonight');
    // The paragraph left empty sends nothing: its placeholder is not content.
    expect(mail.html || '').not.toContain(PLACEHOLDER);
    expect(mail.text || '').not.toContain(PLACEHOLDER);
  });

  it('shows the mail server’s refusal and sends nothing', async () => {
    smtp.refuseRecipients('No such user here');
    const before = smtp.received.length;
    await dialog().getByRole('textbox', { name: 'Email address' }).fill('nobody@example.org');
    await dialog().getByRole('button', { name: 'Send test' }).click();
    await expect
      .poll(() => dialog().getByRole('status').textContent(), { timeout: 30_000 })
      .toMatch(/^Sorry, the test email was not sent: .*No such user here/);
    // The failure toast carries the same message.
    const toast = app.page.getByRole('alert').filter({ hasText: 'Test email not sent' });
    await expect.poll(() => toast.count()).toBe(1);
    expect(await toast.textContent()).toContain('No such user here');
    expect(smtp.received.length).toBe(before);
    smtp.refuseRecipients(null);
  });
});

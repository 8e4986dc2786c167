import { join } from 'node:path';
import type { FileChooser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { useLoopbackSmtp } from './support/loopback-smtp';

// Import from another tool: a real exported newsletter (SendGrid's Merriweather digest,
// tests/fixtures/import/LICENCES.md) chosen with the letters list's Import button becomes a
// draft of blocks, which is sent as a test email to a real SMTP server on loopback: the
// original's words and links arrive. Its pictures are relative paths, so nothing is fetched.

const FIXTURE = join(__dirname, '../fixtures/import/sendgrid-merriweather-digest.html');

const smtp = useLoopbackSmtp();
const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '500' }));

const section = (name: string) => app.page.getByRole('group', { name: `${name} section`, exact: true });
const dialog = () => app.page.getByRole('dialog', { name: 'Send a Test Email' });

describe('Import', () => {
  it('makes a draft of blocks from an HTML newsletter, which sends as a test email', async () => {
    await app.page.goto(app.host.appUrl);
    await expect.poll(() => app.page.getByRole('button', { name: 'Import', exact: true }).count(), { timeout: 15_000 }).toBe(1);
    // File → Import… from the keyboard opens the same file picker as the list's Import button.
    // The list takes the shortcut once it has registered it, just after it first shows: a
    // press before that is the browser's, so press again until the picker opens.
    let chooser: FileChooser | undefined;
    app.page.once('filechooser', (opened) => (chooser = opened));
    await expect
      .poll(
        async () => {
          if (!chooser) await app.page.keyboard.press('Control+O');
          return chooser !== undefined;
        },
        { timeout: 15_000, interval: 1_000 },
      )
      .toBe(true);
    await chooser!.setFiles(FIXTURE);

    const toast = app.page.getByRole('alert').filter({ hasText: 'Imported sendgrid-merriweather-digest.html' });
    await expect.poll(() => toast.count(), { timeout: 30_000 }).toBe(1);
    expect(await toast.textContent()).toMatch(/\d+ blocks, none kept as HTML/);

    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await expect.poll(() => app.page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe('Weekly Digest');
    await expect.poll(() => section('Heading').first().textContent(), { timeout: 15_000 }).toContain('Weekly Digest');
    expect(await section('Button').count()).toBe(1);

    await app.page.getByRole('region', { name: 'Canvas' }).focus();
    await app.page.keyboard.press('Control+Shift+E');
    await expect.poll(() => dialog().count()).toBe(1);
    await dialog().getByRole('textbox', { name: 'Email address' }).fill('reader@example.org');
    await dialog().getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => dialog().getByRole('status').textContent(), { timeout: 30_000 }).toBe('Test sent. It should arrive in a jiffy.');

    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    const [{ mail }] = smtp.received as [(typeof smtp.received)[number]];
    expect(mail.subject).toBe('Weekly Digest');
    const html = mail.html || '';
    expect(html).toContain('Read More Awesomeness');
    expect(html).toContain('Best practices transparent progress');
    expect(html).toContain('href="https://sendgrid.com"');
  });
});

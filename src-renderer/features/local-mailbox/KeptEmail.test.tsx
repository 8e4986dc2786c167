// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptEmail } from './KeptEmail';

afterEach(cleanup);

const message = {
  id: 1,
  channelId: 1,
  letterId: 2,
  from: 'news@weekly.example',
  to: 'ada@example.com',
  subject: 'Harbour news',
  html: '<html><head><title>x</title></head><body><a href="https://example.com/story">Story</a></body></html>',
  createdAt: '2026-11-27T10:00:00.000Z',
  sent: false,
  note: '',
};

describe('a kept email in the local mailbox', () => {
  it('opens its links in a new window outside the sandbox, and runs nothing', () => {
    render(
      <MantineProvider env="test">
        <KeptEmail message={message} />
      </MantineProvider>,
    );
    const frame = screen.getByTitle('Kept email content');
    const sandbox = (frame.getAttribute('sandbox') ?? '').split(/\s+/);
    expect(sandbox).toEqual(expect.arrayContaining(['allow-popups', 'allow-popups-to-escape-sandbox']));
    expect(sandbox).not.toContain('allow-scripts');
    expect(sandbox).not.toContain('allow-same-origin');
    const doc = frame.getAttribute('srcdoc') ?? '';
    // The base target comes before the first link, in the head.
    expect(doc.indexOf('<base target="_blank">')).toBeGreaterThan(doc.indexOf('<head>'));
    expect(doc.indexOf('<base target="_blank">')).toBeLessThan(doc.indexOf('<a href'));
    expect(doc).toContain("default-src 'none'");
  });
});

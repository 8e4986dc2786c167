// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LetterPreviewCard } from './LetterPreviewCard';
import { renderCard } from './test-support';

afterEach(cleanup);

describe('the letter preview card', () => {
  it('links to the public letter page in a new window (the system browser in the desktop app)', () => {
    renderCard(<LetterPreviewCard subject="Harbour news" publicUrl="https://letters.example.com/weekly/7" preview={<p>the email</p>} />);
    const link = screen.getByRole('link', { name: 'View public page' });
    expect(link.getAttribute('href')).toBe('https://letters.example.com/weekly/7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('the email')).toBeTruthy();
    expect(screen.getByText('Harbour news')).toBeTruthy();
  });

  it('offers no link for a letter without a public page', () => {
    renderCard(<LetterPreviewCard subject="Private issue" publicUrl={null} preview={<p>the email</p>} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SentEmail } from '../../../shared/contract/platform-reports';
import { SentEmailCard, VARIANT_SWITCH_LABEL, variantLabel } from './SentEmailCard';
import { renderCard } from './test-support';

afterEach(cleanup);

const email = (variant: SentEmail['variant'], subject: string, body: string): SentEmail => ({
  variant,
  subject,
  html: `<html><head></head><body><p>${body}</p></body></html>`,
  sentAt: '2026-05-04T13:00:00.000Z',
});

const frameHtml = () => screen.getByTitle('Email preview').getAttribute('srcdoc') ?? '';
const card = () => screen.getByRole('region', { name: 'Letter preview' });

describe("the report's letter preview", () => {
  it('shows the email the send used, with no switch for a send of one subject', () => {
    renderCard(<SentEmailCard emails={[email('A', 'Harbour news', 'As sent')]} title="Harbour news (edited)" publicUrl={null} width={600} fallback={<p>drawn again</p>} />);
    expect(frameHtml()).toContain('<p>As sent</p>');
    expect(within(card()).getByText('Harbour news')).toBeTruthy();
    expect(screen.queryByText('drawn again')).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: VARIANT_SWITCH_LABEL })).toBeNull();
  });

  it('switches between the subjects of an A/B send, each with its own email', async () => {
    const emails = [email('A', 'Tides this week', 'Email of A'), email('B', 'Your harbour news', 'Email of B')];
    renderCard(<SentEmailCard emails={emails} title="Tides this week" publicUrl={null} width={600} fallback={<p>drawn again</p>} />);
    expect(within(card()).getByText('Tides this week')).toBeTruthy();
    expect(frameHtml()).toContain('Email of A');
    await userEvent.click(screen.getByRole('radio', { name: variantLabel('B') }));
    expect(within(card()).getByText('Your harbour news')).toBeTruthy();
    expect(frameHtml()).toContain('Email of B');
    expect(frameHtml()).not.toContain('Email of A');
  });

  it('draws the letter again when the platform kept no send of it (sent before, or offline and never seen)', () => {
    for (const emails of [null, []]) {
      renderCard(<SentEmailCard emails={emails} title="Old issue" publicUrl={null} width={600} fallback={<p>drawn again</p>} />);
      expect(screen.getByText('drawn again')).toBeTruthy();
      expect(screen.getByText('Old issue')).toBeTruthy();
      expect(screen.queryByTitle('Email preview')).toBeNull();
      cleanup();
    }
  });

  it('draws neither while the kept email is first asked for', () => {
    renderCard(<SentEmailCard emails={null} loading title="Harbour news" publicUrl={null} width={600} fallback={<p>drawn again</p>} />);
    expect(screen.getByLabelText('Loading the email as sent')).toBeTruthy();
    expect(screen.queryByText('drawn again')).toBeNull();
  });
});

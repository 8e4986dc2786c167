// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Bridge, Session } from '../../../shared/contract/bridge';
import type { DnsRecord, SendingDomain } from '../../../shared/contract/platform-sending';
import { SENDING_MESSAGES } from '../../../shared/rules/sending-identity';
import { createAppStore } from '../../app/store';
import { NOT_VERIFIED_LABEL, VERIFIED_LABEL } from './SendingDomainCard';
import { MANAGERS_ONLY_NOTE, SendingDomainsPage } from './SendingDomainsPage';

// The Sending domains screen over the bridge's transport: the fake stands in for the core
// at window.bridge, keeps the organization's domains and records what the screen asks.

const record = (kind: DnsRecord['kind'], type: DnsRecord['type'], name: string, value: string, required = true): DnsRecord => ({
  kind,
  type,
  name,
  value,
  purpose: `What the ${kind} record is for.`,
  required,
  status: 'unchecked',
  found: [],
});

function domainFor(id: number, domain: string): SendingDomain {
  return {
    id,
    domain,
    returnPathDomain: `bounces.${domain}`,
    dkimSelector: 'ld2611a',
    verified: false,
    verifiedAt: null,
    checkedAt: null,
    records: [
      record('dkim', 'TXT', `ld2611a._domainkey.${domain}`, 'v=DKIM1; k=rsa; p=MIIBIjANBgkq'),
      record('spf', 'TXT', `bounces.${domain}`, 'v=spf1 a:mail.letterdesk.test ~all'),
      record('return-path', 'MX', `bounces.${domain}`, '10 mail.letterdesk.test'),
      record('dmarc', 'TXT', `_dmarc.${domain}`, `v=DMARC1; p=none; rua=mailto:dmarc-reports@${domain}`, false),
    ],
    createdAt: '2026-11-27T10:00:00.000Z',
  };
}

const session = (role: Session['organizations'][number]['role']): Session => ({
  mode: 'embedded',
  platformUrl: '',
  signedIn: true,
  user: null,
  organizations: [{ id: 1, slug: 'demo', name: 'Demo', role, channels: [] }],
});

let domains: SendingDomain[] = [];
let calls: Array<{ channel: string; input: Record<string, unknown> }> = [];
let role: Session['organizations'][number]['role'] = 'owner';
let removal: { ok: true } | { ok: false; message: string } = { ok: true };

const fakeBridge: Bridge = {
  async invoke(channel, input) {
    const args = input as Record<string, unknown>;
    calls.push({ channel, input: args });
    if (channel === 'app.session') return { ok: true, data: session(role) } as never;
    if (channel === 'sending.listDomains') return { ok: true, data: domains } as never;
    if (channel === 'sending.addDomain') {
      const name = String(args.domain).trim().toLowerCase();
      if (domains.some((d) => d.domain === name)) return { ok: false, error: { code: 'invalid_input', message: 'Check the domain.', fields: { domain: [SENDING_MESSAGES.domainTaken] } } };
      const added = domainFor(domains.length + 1, name);
      domains = [...domains, added];
      return { ok: true, data: added } as never;
    }
    if (channel === 'sending.checkDomain') {
      const [first] = domains;
      const checked: SendingDomain = {
        ...first!,
        verified: true,
        verifiedAt: '2026-11-27T11:00:00.000Z',
        checkedAt: '2026-11-27T11:00:00.000Z',
        records: first!.records.map((r) =>
          r.kind === 'dmarc' ? { ...r, status: 'missing' as const, found: [] } : r.kind === 'spf' ? { ...r, status: 'different' as const, found: ['v=spf1 include:_spf.other.net ~all'] } : { ...r, status: 'found' as const, found: [r.value] },
        ),
      };
      domains = [checked, ...domains.slice(1)];
      return { ok: true, data: checked } as never;
    }
    if (channel === 'sending.rotateDkim') {
      const [first] = domains;
      const rotated: SendingDomain = {
        ...first!,
        records: [first!.records[0]!, record('dkim-next', 'TXT', 'ld2612b._domainkey.news.example.com', 'v=DKIM1; k=rsa; p=MIIBnext', false), ...first!.records.slice(1)],
      };
      domains = [rotated, ...domains.slice(1)];
      return { ok: true, data: rotated } as never;
    }
    if (channel === 'sending.removeDomain') {
      if (!removal.ok) return { ok: false, error: { code: 'conflict', message: removal.message } };
      domains = domains.filter((d) => d.id !== args.id);
      return { ok: true, data: { id: args.id } } as never;
    }
    return { ok: false, error: { code: 'internal', message: `unexpected ${channel}` } };
  },
  on: () => () => {},
};

beforeAll(() => {
  window.bridge = fakeBridge;
});
beforeEach(() => {
  domains = [];
  calls = [];
  role = 'owner';
  removal = { ok: true };
});
afterEach(cleanup);

function renderPage() {
  const router = createMemoryRouter([{ path: '/organizations/:brandSlug/sending-domains', element: <SendingDomainsPage /> }], {
    initialEntries: ['/organizations/demo/sending-domains'],
  });
  render(
    <Provider store={createAppStore()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>,
  );
}

const domainInput = () => screen.getByRole('textbox', { name: 'Domain' });
const added = (name: string) => screen.findByRole('article', { name });
const adds = () => calls.filter((call) => call.channel === 'sending.addDomain');

describe('the Sending domains screen', () => {
  it('refuses a domain that is no domain, as typed and on Add, and adds nothing', async () => {
    renderPage();
    expect(await screen.findByText('No sending domains yet')).toBeTruthy();
    await userEvent.type(domainInput(), 'https://news.example.com/');
    expect(await screen.findByText(SENDING_MESSAGES.domain, {}, { timeout: 2000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(adds()).toEqual([]);
    await userEvent.clear(domainInput());
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(SENDING_MESSAGES.domain)).toBeTruthy();
    expect(adds()).toEqual([]);
  });

  it('adds a domain and lists its records with what each is for, copy buttons and no check yet', async () => {
    renderPage();
    await screen.findByText('No sending domains yet');
    await userEvent.type(domainInput(), 'news.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    const card = await added('news.example.com');
    expect(adds().map((call) => call.input)).toEqual([{ brandSlug: 'demo', domain: 'news.example.com' }]);
    expect((domainInput() as HTMLInputElement).value).toBe('');
    expect(within(card).getByText(NOT_VERIFIED_LABEL)).toBeTruthy();
    const table = within(card).getByRole('table', { name: 'DNS records of news.example.com' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['DKIM record', 'SPF record', 'Return path record', 'DMARC record']);
    const dkim = within(table).getByRole('row', { name: 'DKIM record' });
    expect(dkim.textContent).toContain('What the dkim record is for.');
    expect(dkim.textContent).toContain('ld2611a._domainkey.news.example.com');
    expect(dkim.textContent).toContain('Not checked');
    expect(within(dkim).getByRole('button', { name: 'Copy the value of the DKIM record' })).toBeTruthy();
    expect(within(dkim).getByRole('button', { name: 'Copy the name of the DKIM record' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'DMARC record' }).textContent).toContain('(optional)');

    // The same domain again: the platform's field message, under the field.
    await userEvent.type(domainInput(), 'news.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText(SENDING_MESSAGES.domainTaken)).toBeTruthy();
  });

  it('checks DNS and shows each record found, missing or different, with what DNS answered', async () => {
    domains = [domainFor(1, 'news.example.com')];
    renderPage();
    const card = await added('news.example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Check DNS' }));
    await waitFor(() => expect(within(card).getByText(VERIFIED_LABEL)).toBeTruthy());
    expect(calls.filter((call) => call.channel === 'sending.checkDomain').map((call) => call.input)).toEqual([{ brandSlug: 'demo', id: 1 }]);
    const row = (name: string) => within(card).getByRole('row', { name });
    expect(row('DKIM record').textContent).toContain('Found');
    expect(row('Return path record').textContent).toContain('DNS answered: 10 mail.letterdesk.test');
    expect(row('SPF record').textContent).toContain('Different');
    expect(row('SPF record').textContent).toContain('DNS answered: v=spf1 include:_spf.other.net ~all');
    expect(row('DMARC record').textContent).toContain('Missing');
    expect(row('DMARC record').textContent).toContain('DNS answered nothing at this name.');
    expect(card.textContent).toContain('Last checked');
  });

  it('rotates the DKIM key: the next key is listed to publish, and a second rotation waits for it', async () => {
    domains = [domainFor(1, 'news.example.com')];
    renderPage();
    const card = await added('news.example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Rotate DKIM key' }));
    const next = await within(card).findByRole('row', { name: 'DKIM, next key record' });
    expect(next.textContent).toContain('ld2612b._domainkey.news.example.com');
    expect(card.textContent).toContain('A new DKIM key is waiting');
    expect((within(card).getByRole('button', { name: 'Rotate DKIM key' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((call) => call.channel === 'sending.rotateDkim')).toHaveLength(1);
  });

  it("removes a domain after confirming, and shows the platform's refusal in the dialog", async () => {
    domains = [domainFor(1, 'news.example.com')];
    removal = { ok: false, message: 'The channel The Weekly sends from news.example.com: give it another From address first.' };
    renderPage();
    const card = await added('news.example.com');
    await userEvent.click(within(card).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove news.example.com?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText(removal.message)).toBeTruthy();
    removal = { ok: true };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No sending domains yet')).toBeTruthy();
  });

  it('shows an editor the domains and records, without the actions only owners and admins have', async () => {
    role = 'editor';
    domains = [domainFor(1, 'news.example.com')];
    renderPage();
    const card = await added('news.example.com');
    expect(await screen.findByText(MANAGERS_ONLY_NOTE)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Domain' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Check DNS' })).toBeNull();
    expect(within(card).getByRole('row', { name: 'DKIM record' })).toBeTruthy();
  });
});

import { createHash } from 'node:crypto';
import type { ActiveSubscribersResponse, AudienceDay, DashboardLettersResponse } from '../../shared/contract/platform-dashboards';
import { escapeHtml } from '../../shared/render/escape';
import { PAGE_STYLESHEET } from './page-security';

// The embedded dashboard's public page: the numbers of the scope and period its token
// grants, as plain tables — no script, nothing loaded, nothing that names a reader. Unlike
// the other public pages it may be framed (that is what embedding means); it holds no
// form or action, so a frame has nothing to trick anyone into.

const TABLE_STYLES = 'main{max-width:48rem}table{border-collapse:collapse;width:100%;margin:0 0 24px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid var(--line)}td.n,th.n{text-align:right}h2{font-size:1.1rem;margin:0 0 8px}';
const STYLES = PAGE_STYLESHEET + TABLE_STYLES;
const STYLES_HASH = createHash('sha256').update(STYLES, 'utf8').digest('base64');

export const EMBED_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': ["default-src 'none'", `style-src 'sha256-${STYLES_HASH}'`, "form-action 'none'", 'frame-ancestors *', "base-uri 'none'"].join('; '),
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-robots-tag': 'noindex, nofollow',
};

export interface EmbeddedDashboard {
  name: string;
  from: string;
  to: string;
  subscribers: ActiveSubscribersResponse;
  letters: DashboardLettersResponse;
  audience: AudienceDay[];
}

const n = (value: number) => value.toLocaleString('en-US');
const rate = (value: number) => `${value.toFixed(1)}%`;

function table(caption: string, head: string[], rows: string[][], numeric: (column: number) => boolean): string {
  const cell = (tag: 'th' | 'td', text: string, column: number) => `<${tag}${numeric(column) ? ' class="n"' : ''}${tag === 'th' ? ' scope="col"' : ''}>${escapeHtml(text)}</${tag}>`;
  return [
    `<table><caption><h2>${escapeHtml(caption)}</h2></caption>`,
    `<thead><tr>${head.map((text, i) => cell('th', text, i)).join('')}</tr></thead>`,
    `<tbody>${rows.map((row) => `<tr>${row.map((text, i) => cell('td', text, i)).join('')}</tr>`).join('')}</tbody></table>`,
  ].join('');
}

export function embeddedDashboardPage({ name, from, to, subscribers, letters, audience }: EmbeddedDashboard): string {
  const t = subscribers.totals;
  const opens = audience.reduce((sum, d) => sum + d.opens, 0);
  const clicks = audience.reduce((sum, d) => sum + d.clicks, 0);
  const title = `Dashboard: ${name}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLES}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(`${from} to ${to} (UTC days)`)}</p>`,
    table('Active subscribers', ['Active', 'Subscribed', 'Unsubscribed', 'Bounced', 'Net growth'], [[n(t.active), n(t.subscribed), n(t.unsubscribed), n(t.bounced), n(t.netGrowth)]], () => true),
    table(
      'Letters sent',
      ['Letter', 'Send date', 'Delivered', 'Open rate', 'Click rate'],
      letters.items.map((l) => [l.title, l.sentAt.slice(0, 10), n(l.delivered), rate(l.openRate), rate(l.clickRate)]),
      (column) => column >= 2,
    ),
    table('Audience engagement', ['Opens', 'Clicks'], [[n(opens), n(clicks)]], () => true),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

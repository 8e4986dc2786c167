import { createHash } from 'node:crypto';

// The one stylesheet every public page carries inline, and the headers that go with it.
// The pages run no script and load nothing: the Content-Security-Policy allows exactly this
// stylesheet by its hash (never 'unsafe-inline'), forms posting back to this origin, and no
// framing, so an injected tag could neither run nor restyle nor send the form elsewhere.

export const PAGE_STYLESHEET = [
  ':root{color-scheme:light dark;--ink:#1f2933;--muted:#52606d;--paper:#fff;--line:#d9e2ec;--accent:#1c5fb8;--on-accent:#fff}',
  '@media (prefers-color-scheme:dark){:root{--ink:#e4e7eb;--muted:#bcccdc;--paper:#1a1d21;--line:#3e4c59;--accent:#8ab4f8;--on-accent:#10161d}}',
  '*{box-sizing:border-box}',
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;background:var(--paper);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}',
  'main{max-width:32rem;width:100%;border:1px solid var(--line);border-radius:12px;padding:32px}',
  'h1{font-size:1.5rem;line-height:1.3;margin:0 0 12px;overflow-wrap:anywhere}',
  'p{margin:0 0 20px;color:var(--muted);overflow-wrap:anywhere}',
  'form{margin:0 0 8px}',
  'button{font:inherit;font-weight:600;cursor:pointer;border-radius:8px;padding:10px 20px;border:2px solid var(--accent);background:var(--accent);color:var(--on-accent)}',
  'button.secondary{background:transparent;color:var(--accent)}',
  'button:focus-visible{outline:3px solid var(--ink);outline-offset:2px}',
  '.aside{margin:24px 0 8px;padding-top:16px;border-top:1px solid var(--line)}',
  'label{display:block;font-weight:600;margin:0 0 4px}',
  'input{display:block;width:100%;font:inherit;color:inherit;background:transparent;border:1px solid var(--line);border-radius:8px;padding:10px 12px;margin:0 0 16px}',
  'input:focus-visible{outline:3px solid var(--accent);outline-offset:1px}',
].join('');

const STYLESHEET_HASH = createHash('sha256').update(PAGE_STYLESHEET, 'utf8').digest('base64');

export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${STYLESHEET_HASH}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * Headers of every public page. The address holds the subscriber's id, so no page is
 * cached, indexed or sent on as a referrer.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CONTENT_SECURITY_POLICY,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex, nofollow',
};

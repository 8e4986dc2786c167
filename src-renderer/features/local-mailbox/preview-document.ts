// The document the Local mailbox's frame shows for a kept email's preview (the platform has
// already taken out its open pixel and pointed its tracked links where they lead). Every
// link opens outside the app: a new tab in the browser host, the system browser in the
// desktop app (Electron's window-open handler sends it there), never the frame itself.
// Parsed with DOMParser, which runs no script and loads nothing.

export function mailboxPreviewDocument(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const link of doc.querySelectorAll('a[href], area[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  const doctype = doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>` : '';
  return doctype + doc.documentElement.outerHTML;
}

/**
 * The frame's sandbox: no scripts, no same-origin access, no forms, no navigation of the
 * app; only popups, so a link opens in a tab (or the system browser) that is not sandboxed.
 */
export const MAILBOX_PREVIEW_SANDBOX = 'allow-popups allow-popups-to-escape-sandbox';

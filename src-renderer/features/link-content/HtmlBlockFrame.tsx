import { useState } from 'react';

/** Until the frame has measured its page (and when it cannot), this tall. */
const INITIAL_HEIGHT = 60;

/** The block's markup as a page of its own: no scripts, whatever the markup says. */
export function htmlBlockDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="script-src 'none'; object-src 'none'; form-action 'none'"><style>html,body{margin:0;padding:0;overflow:hidden;font-family:inherit}</style></head><body>${html}</body></html>`;
}

/**
 * An HTML block drawn as the email will show it. The frame is sandboxed without
 * allow-scripts (no script runs, no form posts, no navigation of the app); allow-same-origin
 * only lets the canvas read the page's height so the frame fits its content.
 */
export function HtmlBlockFrame({ html }: { html: string }) {
  const [height, setHeight] = useState(INITIAL_HEIGHT);
  return (
    <iframe
      title="HTML block"
      sandbox="allow-same-origin"
      srcDoc={htmlBlockDocument(html)}
      onLoad={(event) => {
        const page = event.currentTarget.contentDocument?.documentElement;
        if (page) setHeight(Math.max(20, page.scrollHeight));
      }}
      // The frame's page takes no clicks: a click selects the block, as on every other section.
      style={{ display: 'block', width: '100%', height, border: 0, pointerEvents: 'none' }}
    />
  );
}

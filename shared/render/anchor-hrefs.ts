// The `href` of each `<a>` tag of rendered HTML, found by a tokenizer-style pattern that
// honours quoted attribute values (text that looks like an address, another attribute
// holding one — `src`, `data-href` — is never touched), and rewritten in place. Pure: the
// platform's tracking and reader links (src-server/tracking/link-rewrite.ts) and the core's
// offline 'Preview as' both use it.

/** An `<a …>` start tag; attribute values may hold `>` inside quotes. */
const ANCHOR_TAG = /<a(?=[\s>/])(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/gi;
/** One attribute of a start tag, with its value. */
const ATTRIBUTE = /\s([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The attribute value as the browser reads it (the renderer escapes & < > " '). */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
}

export interface HrefSpot {
  /** Where the value (between the quotes, or bare) starts and ends in the HTML. */
  start: number;
  end: number;
  url: string;
}

/** The href every `<a>` tag's link follows (its first), in document order. */
export function anchorHrefs(html: string): HrefSpot[] {
  const spots: HrefSpot[] = [];
  for (const tag of html.matchAll(ANCHOR_TAG)) {
    const tagText = tag[0];
    for (const attribute of tagText.slice(2).matchAll(ATTRIBUTE)) {
      if (attribute[1]!.toLowerCase() !== 'href') continue;
      const raw = attribute[2] ?? attribute[3] ?? attribute[4];
      if (raw === undefined) break;
      const url = decodeAttribute(raw).trim();
      // The value sits at the end of the attribute's match (a closing quote after it, or not).
      const quoted = attribute[2] !== undefined || attribute[3] !== undefined;
      const attributeEnd = tag.index + 2 + attribute.index + attribute[0].length;
      const end = quoted ? attributeEnd - 1 : attributeEnd;
      spots.push({ start: end - raw.length, end, url });
      // The first href is the one browsers follow.
      break;
    }
  }
  return spots;
}

/**
 * The HTML with the href of each `<a>` tag replaced by what `rewrite` answers for its
 * decoded address (null, or the same address, leaves it exactly as written).
 */
export function rewriteHrefs(html: string, rewrite: (url: string) => string | null): string {
  let out = '';
  let from = 0;
  for (const spot of anchorHrefs(html)) {
    const next = rewrite(spot.url);
    if (next === null || next === spot.url) continue;
    out += html.slice(from, spot.start) + escapeAttribute(next);
    from = spot.end;
  }
  return out + html.slice(from);
}

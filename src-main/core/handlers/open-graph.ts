import * as cheerio from 'cheerio';
import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { checkOpenGraphUrl } from '../../../shared/rules/open-graph-url';

// The social card's "load from a page URL" (spec 1 §5, §8): the page's Open Graph title,
// description and image, read by the core (the renderer cannot fetch other origins).

export const OPEN_GRAPH_LOAD_FAILED_MESSAGE = 'unable to load content from URL';
const PAGE_TIMEOUT_MS = 10_000;
const PAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The first non-empty value among a page's meta tags and fallbacks. */
export function readOpenGraph(html: string, pageUrl: string): { title: string; description: string; image: string } {
  const $ = cheerio.load(html);
  const meta = (...names: string[]) => {
    for (const name of names) {
      const value = $(`meta[property="${name}"], meta[name="${name}"]`).first().attr('content')?.trim();
      if (value) return value;
    }
    return '';
  };
  const image = meta('og:image', 'twitter:image');
  let absolute = '';
  try {
    absolute = image ? new URL(image, pageUrl).toString() : '';
  } catch {
    absolute = '';
  }
  return {
    title: meta('og:title', 'twitter:title') || $('title').first().text().trim(),
    description: meta('og:description', 'twitter:description', 'description'),
    image: absolute,
  };
}

/** `platformUrl`: the platform the app works with; only its pages are read (spec 1 §5). */
export function openGraphHandlers(deps: { platformUrl: string }): Pick<BridgeHandlers, 'social.loadOpenGraph'> {
  return {
    async 'social.loadOpenGraph'({ url }) {
      // Refused before any connection is made.
      const checked = checkOpenGraphUrl(url, deps.platformUrl);
      if (!checked.ok) throw new AppError('invalid_input', checked.message);
      const page = new URL(checked.value);
      let response: Response;
      try {
        response = await fetch(page, { redirect: 'follow', signal: AbortSignal.timeout(PAGE_TIMEOUT_MS), headers: { accept: 'text/html' } });
      } catch {
        throw new AppError('offline', OPEN_GRAPH_LOAD_FAILED_MESSAGE);
      }
      if (!response.ok) throw new AppError('platform_error', OPEN_GRAPH_LOAD_FAILED_MESSAGE);
      const body = await response.arrayBuffer();
      const html = new TextDecoder().decode(body.byteLength > PAGE_MAX_BYTES ? body.slice(0, PAGE_MAX_BYTES) : body);
      return readOpenGraph(html, response.url || page.toString());
    },
  };
}
